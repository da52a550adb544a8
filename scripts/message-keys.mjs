// @ts-check
// Which message keys the code reads, found in its syntax (TypeScript's parser, no type checker and
// no build): what scripts/check-messages.mjs compares with content/messages/en.json. Pure: it is
// given the source files and the catalogue, and reads nothing itself.
//
// How the code reads messages, and so what is followed here:
// - translators: getTranslations(ns | { namespace }) (next-intl/server), useTranslations(ns) and
//   createTranslator({ namespace }) (next-intl), followed through `await`, `Promise.all([…])`
//   destructuring, variables and the parameters of the functions they are passed to; each call
//   t(key), t.rich/t.markup(key) reads a message, t.raw(key) a message or a whole subtree, and
//   t.has(key) only asks (never "missing");
// - the catalogue object: getMessages()/useMessages() (next-intl), loadMessages() and anything
//   typed `Messages` (the messages module); `messages.blog.categories` reads that whole subtree;
// - a key that is not a literal is resolved from its source: `const` strings and arrays, template
//   literals, `a ? b : c`, callbacks of arr.map/forEach/…, `obj[key]` and `item.key` over `as
//   const` literals, Object.keys(obj), parameters from every call site (JSX props and defaults
//   included; inside a function a translator was passed to, from that one call) or else their literal-union types, a function's declared return type, and narrowing
//   by `x === 'a'`, `x !== 'a'` and type guards (`value is T`), early returns (and notFound(),
//   redirect(), `never` calls) included.
// A key or a translator it cannot follow is reported as such, never guessed.
import ts from 'typescript';

/**
 * @typedef {'message' | 'subtree' | 'optional'} UseKind
 *   message: t(key) needs a message at key; subtree: t.raw or an object read needs key to exist
 *   (message or namespace) and uses everything under it; optional: t.has(key) uses it if present.
 * @typedef {{ key: string; kind: UseKind; file: string; line: number }} Use
 * @typedef {{ file: string; line: number; code: string; reason: string; prefixes: string[] }} Unresolved
 *   prefixes: the static start of each key the expression could stand for (namespace and template head).
 * @typedef {{ uses: Use[]; unresolved: Unresolved[] }} Scan
 * @typedef {{ prefix: string; file: string; why: string }} DynamicPrefix
 *   An allowance: keys under `prefix` are read in `file` in a way this check cannot follow.
 * @typedef {{ [key: string]: string | Catalogue }} Catalogue
 * @typedef {{ key: string; at: string[]; why: string }} Missing
 * @typedef {{ missing: Missing[]; unused: string[]; unresolved: Unresolved[]; staleAllowances: DynamicPrefix[]; keys: number; reads: number }} Report
 * @typedef {{ messagesModule?: string }} Options
 *   messagesModule: the project module (path without extension) exporting loadMessages() and the `Messages` type.
 */

/**
 * @typedef {{ prop: string } | { index: number }} Step
 * @typedef {{ kind: 'var'; name: ts.Identifier; path: Step[]; node: ts.VariableDeclaration }
 *   | { kind: 'param'; name: ts.Identifier; path: Step[]; node: ts.ParameterDeclaration; fn: ts.SignatureDeclaration; index: number }
 *   | { kind: 'function'; name: ts.Identifier; node: ts.FunctionDeclaration }
 *   | { kind: 'import'; name: ts.Identifier; module: string; imported: string }
 *   | { kind: 'other'; name: ts.Identifier }} Decl
 * @typedef {Set<string> | null} Values  null: not known.
 */

const TRANSLATOR_PRODUCERS = new Map([
  ['getTranslations', ['next-intl/server']],
  ['useTranslations', ['next-intl']],
  ['createTranslator', ['next-intl', 'use-intl']],
]);
const MESSAGES_PRODUCERS = new Map([
  ['getMessages', ['next-intl/server']],
  ['useMessages', ['next-intl']],
]);
const TRANSLATOR_METHODS = new Map(
  /** @type {[string, UseKind][]} */ ([
    ['rich', 'message'],
    ['markup', 'message'],
    ['raw', 'subtree'],
    ['has', 'optional'],
  ]),
);
const ARRAY_CALLBACKS = new Set([
  'map',
  'flatMap',
  'forEach',
  'filter',
  'some',
  'every',
  'find',
  'findIndex',
  'findLast',
  'findLastIndex',
]);
const NEVER_RETURNING = new Set(['notFound', 'redirect', 'permanentRedirect', 'forbidden', 'unauthorized']);
const MAX_DEPTH = 40;

/** Every message (leaf) key of a catalogue, dotted, in file order. */
export function leafKeys(/** @type {Catalogue} */ catalogue, prefix = '') {
  /** @type {string[]} */
  const out = [];
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.push(path);
    else out.push(...leafKeys(value, path));
  }
  return out;
}

/** Every namespace (object) key of a catalogue, dotted. */
function namespaceKeys(/** @type {Catalogue} */ catalogue, prefix = '') {
  /** @type {string[]} */
  const out = [];
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    out.push(path, ...namespaceKeys(value, path));
  }
  return out;
}

/**
 * The message reads in the given source files (paths relative to the project root, `/`-separated,
 * as `@/…` imports name them).
 * @param {Map<string, string>} files
 * @param {Options} [options]
 * @returns {Scan}
 */
export function findMessageUses(files, options = {}) {
  const messagesModule = options.messagesModule ?? 'lib/i18n/messages';
  /** @type {Map<string, ts.SourceFile>} */
  const parsed = new Map();
  /** @type {Map<ts.SourceFile, Map<string, ts.Identifier[]>>} */
  const identifierIndex = new Map();
  /** @type {Use[]} */
  const uses = [];
  /** @type {Unresolved[]} */
  const unresolved = [];
  /** Nodes being resolved, by what is asked of them: a cycle gives up instead of looping. */
  /** @type {Map<string, Set<ts.Node>>} */
  const active = new Map();
  /** The call a translator was followed through into each function (see follow, argumentsOf). @type {Map<ts.SignatureDeclaration, ts.CallExpression>} */
  const callContext = new Map();
  let depth = 0;

  /** @param {string} path */
  function sourceOf(path) {
    let sf = parsed.get(path);
    const text = files.get(path);
    if (!sf && text !== undefined) {
      sf = ts.createSourceFile(
        path,
        text,
        ts.ScriptTarget.ES2022,
        true,
        path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      );
      parsed.set(path, sf);
    }
    return sf;
  }

  /** @param {string} from @param {string} spec @returns {string} a file of `files`, or the specifier itself (a package) */
  function resolveModule(from, spec) {
    let base;
    if (spec.startsWith('@/')) base = spec.slice(2);
    else if (spec.startsWith('./') || spec.startsWith('../')) {
      const parts = from.split('/').slice(0, -1);
      for (const part of spec.split('/')) {
        if (part === '..') parts.pop();
        else if (part !== '.') parts.push(part);
      }
      base = parts.join('/');
    } else return spec;
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
      if (files.has(candidate)) return candidate;
    return base;
  }

  const messagesFile = resolveModule('', `@/${messagesModule}`);

  /** @param {ts.Node} node */
  const lineOf = (node) => node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1;
  /** @param {ts.Node} node */
  const codeOf = (node) => node.getText().replace(/\s+/g, ' ').slice(0, 100);

  /** @param {ts.Node} node @param {string} reason @param {string[]} prefixes */
  function giveUp(node, reason, prefixes = []) {
    unresolved.push({ file: node.getSourceFile().fileName, line: lineOf(node), code: codeOf(node), reason, prefixes });
  }

  /** @param {ts.Expression} node */
  function unwrap(node) {
    let n = node;
    while (
      ts.isParenthesizedExpression(n) ||
      ts.isAsExpression(n) ||
      ts.isSatisfiesExpression(n) ||
      ts.isNonNullExpression(n) ||
      ts.isTypeAssertionExpression(n) ||
      ts.isAwaitExpression(n)
    )
      n = n.expression;
    return n;
  }

  // ---------------------------------------------------------------- names and declarations

  /** The nodes whose `name` is a property's or a declaration's name, not a read. @type {((node: ts.Node) => boolean)[]} */
  const NAMING = [
    ts.isPropertyAssignment,
    ts.isMethodDeclaration,
    ts.isPropertyDeclaration,
    ts.isPropertySignature,
    ts.isMethodSignature,
    ts.isJsxAttribute,
    ts.isVariableDeclaration,
    ts.isParameter,
    ts.isFunctionDeclaration,
    ts.isFunctionExpression,
    ts.isClassDeclaration,
    ts.isTypeAliasDeclaration,
    ts.isInterfaceDeclaration,
  ];

  /** Is this identifier a read of a variable (not a property name, a declaration or an import)? @param {ts.Identifier} id */
  function isReference(id) {
    const p = id.parent;
    if (ts.isPropertyAccessExpression(p) && p.name === id) return false;
    if (ts.isQualifiedName(p) && p.right === id) return false;
    if (NAMING.some((is) => is(p)) && 'name' in p && p.name === id) return false;
    if (ts.isBindingElement(p) && (p.name === id || p.propertyName === id)) return false;
    if (
      ts.isImportSpecifier(p) ||
      ts.isExportSpecifier(p) ||
      ts.isImportClause(p) ||
      ts.isNamespaceImport(p) ||
      ts.isTypeParameterDeclaration(p)
    )
      return false;
    return true;
  }

  /** The identifiers of a file by name. @param {ts.SourceFile} sf @param {string} name */
  function identifiersNamed(sf, name) {
    let index = identifierIndex.get(sf);
    if (!index) {
      /** @type {Map<string, ts.Identifier[]>} */
      const map = new Map();
      /** @param {ts.Node} node */
      const visit = (node) => {
        if (ts.isIdentifier(node)) map.set(node.text, [...(map.get(node.text) ?? []), node]);
        ts.forEachChild(node, visit);
      };
      visit(sf);
      identifierIndex.set(sf, (index = map));
    }
    return index.get(name) ?? [];
  }

  /** @param {ts.BindingName} binding @param {string} name @param {Step[]} path @returns {{ id: ts.Identifier; path: Step[] } | undefined} */
  function findInBinding(binding, name, path = []) {
    if (ts.isIdentifier(binding)) return binding.text === name ? { id: binding, path } : undefined;
    if (ts.isObjectBindingPattern(binding)) {
      for (const element of binding.elements) {
        const key = element.propertyName ?? element.name;
        const prop = ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : undefined;
        const found = prop === undefined ? undefined : findInBinding(element.name, name, [...path, { prop }]);
        if (found) return found;
      }
      return undefined;
    }
    for (const [index, element] of binding.elements.entries()) {
      if (ts.isOmittedExpression(element)) continue;
      const found = findInBinding(element.name, name, [...path, { index }]);
      if (found) return found;
    }
    return undefined;
  }

  /** @param {ts.Node} scope @param {string} name @returns {Decl | undefined} */
  function declaredIn(scope, name) {
    if (ts.isFunctionLike(scope)) {
      for (const [index, param] of scope.parameters.entries()) {
        const found = findInBinding(param.name, name);
        if (found) return { kind: 'param', name: found.id, path: found.path, node: param, fn: scope, index };
      }
      if (ts.isFunctionExpression(scope) && scope.name?.text === name) return { kind: 'other', name: scope.name };
    }
    /** @type {ts.NodeArray<ts.Statement> | undefined} */
    let statements;
    if (
      ts.isSourceFile(scope) ||
      ts.isBlock(scope) ||
      ts.isModuleBlock(scope) ||
      ts.isCaseClause(scope) ||
      ts.isDefaultClause(scope)
    )
      statements = scope.statements;
    if (statements) {
      for (const statement of statements) {
        if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) {
            const found = findInBinding(declaration.name, name);
            if (found) return { kind: 'var', name: found.id, path: found.path, node: declaration };
          }
        } else if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) {
          return { kind: 'function', name: statement.name, node: statement };
        } else if (ts.isClassDeclaration(statement) && statement.name?.text === name) {
          return { kind: 'other', name: statement.name };
        } else if (
          ts.isImportDeclaration(statement) &&
          statement.importClause &&
          ts.isStringLiteral(statement.moduleSpecifier)
        ) {
          const from = resolveModule(statement.getSourceFile().fileName, statement.moduleSpecifier.text);
          const clause = statement.importClause;
          if (clause.name?.text === name)
            return { kind: 'import', name: clause.name, module: from, imported: 'default' };
          const bindings = clause.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings) && bindings.name.text === name)
            return { kind: 'import', name: bindings.name, module: from, imported: '*' };
          if (bindings && ts.isNamedImports(bindings)) {
            for (const element of bindings.elements) {
              if (element.name.text === name)
                return {
                  kind: 'import',
                  name: element.name,
                  module: from,
                  imported: (element.propertyName ?? element.name).text,
                };
            }
          }
        }
      }
    }
    if (
      (ts.isForOfStatement(scope) || ts.isForInStatement(scope) || ts.isForStatement(scope)) &&
      scope.initializer &&
      ts.isVariableDeclarationList(scope.initializer)
    ) {
      for (const declaration of scope.initializer.declarations) {
        const found = findInBinding(declaration.name, name);
        if (found) return { kind: 'var', name: found.id, path: found.path, node: declaration };
      }
    }
    if (ts.isCatchClause(scope) && scope.variableDeclaration) {
      const found = findInBinding(scope.variableDeclaration.name, name);
      if (found) return { kind: 'other', name: found.id };
    }
    return undefined;
  }

  /** The declaration a name refers to, by lexical scope. @param {ts.Identifier} id @returns {Decl | undefined} */
  function declarationOf(id) {
    for (let scope = id.parent; scope; scope = scope.parent) {
      const found = declaredIn(scope, id.text);
      if (found) return found;
    }
    return undefined;
  }

  /** An exported value of a project file, following re-exports. @param {string} file @param {string} name @returns {Decl | undefined} */
  function exportedValue(file, name, seen = new Set()) {
    const sf = sourceOf(file);
    if (!sf || seen.has(`${file}#${name}`)) return undefined;
    seen.add(`${file}#${name}`);
    const exported = (/** @type {ts.Node} */ node) =>
      ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    for (const statement of sf.statements) {
      if (ts.isExportDeclaration(statement)) {
        const from =
          statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
            ? resolveModule(file, statement.moduleSpecifier.text)
            : undefined;
        if (!statement.exportClause && from) {
          const found = exportedValue(from, name, seen);
          if (found) return found;
        } else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
          for (const element of statement.exportClause.elements) {
            if (element.name.text !== name) continue;
            const local = (element.propertyName ?? element.name).text;
            return from ? exportedValue(from, local, seen) : declaredIn(sf, local);
          }
        }
      } else if (exported(statement) && (ts.isVariableStatement(statement) || ts.isFunctionDeclaration(statement))) {
        const found = declaredIn(sf, name);
        if (
          found &&
          found.kind !== 'import' &&
          statement.getStart() <= found.name.getStart() &&
          found.name.getEnd() <= statement.getEnd()
        )
          return found;
      }
    }
    return undefined;
  }

  /** Follows an import to what it names. @param {Decl | undefined} decl @returns {Decl | undefined} */
  function settle(decl) {
    return decl?.kind === 'import' && decl.imported !== '*' && decl.imported !== 'default'
      ? exportedValue(decl.module, decl.imported)
      : decl;
  }

  /** What a `const name = …` declaration (not destructured) sets its name to. @param {Decl | undefined} decl */
  function constInitializer(decl) {
    if (decl?.kind !== 'var' || decl.path.length !== 0) return undefined;
    const list = decl.node.parent;
    return ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const ? decl.node.initializer : undefined;
  }

  /** A type alias by name, seen from a node (top-level or imported). @param {ts.Node} from @param {string} name @returns {ts.TypeAliasDeclaration | undefined} */
  function typeAliasOf(from, name, seen = new Set()) {
    const sf = from.getSourceFile();
    if (seen.has(`${sf.fileName}#${name}`)) return undefined;
    seen.add(`${sf.fileName}#${name}`);
    for (const statement of sf.statements) {
      if (ts.isTypeAliasDeclaration(statement) && statement.name.text === name) return statement;
      if (
        ts.isImportDeclaration(statement) &&
        statement.importClause?.namedBindings &&
        ts.isNamedImports(statement.importClause.namedBindings) &&
        ts.isStringLiteral(statement.moduleSpecifier)
      ) {
        for (const element of statement.importClause.namedBindings.elements) {
          if (element.name.text !== name) continue;
          const target = sourceOf(resolveModule(sf.fileName, statement.moduleSpecifier.text));
          return target ? typeAliasOf(target, (element.propertyName ?? element.name).text, seen) : undefined;
        }
      }
      if (
        ts.isExportDeclaration(statement) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        for (const element of statement.exportClause.elements) {
          if (element.name.text !== name) continue;
          const target = sourceOf(resolveModule(sf.fileName, statement.moduleSpecifier.text));
          return target ? typeAliasOf(target, (element.propertyName ?? element.name).text, seen) : undefined;
        }
      }
    }
    return undefined;
  }

  /** Does this type annotation name the catalogue type (`Messages` of the messages module)? @param {ts.TypeNode | undefined} type */
  function isMessagesType(type) {
    if (!type || !ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return false;
    const decl = declarationOf(type.typeName);
    return decl?.kind === 'import' && decl.module === messagesFile && decl.imported === 'Messages';
  }

  /** The function an expression calls, when it is a declared one (local or imported). @param {ts.Expression} callee @returns {ts.SignatureDeclaration | undefined} */
  function functionOf(callee) {
    const expr = unwrap(callee);
    if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) return expr;
    if (!ts.isIdentifier(expr)) return undefined;
    const decl = settle(declarationOf(expr));
    if (decl?.kind === 'function') return decl.node;
    if (decl?.kind === 'var' && decl.path.length === 0 && decl.node.initializer) {
      const init = unwrap(decl.node.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
    return undefined;
  }

  /** The name a function is called by, and whether other modules may import it. @param {ts.SignatureDeclaration} fn */
  function nameOf(fn) {
    /** @param {ts.Node} node */
    const isExported = (node) =>
      ts.canHaveModifiers(node) && !!ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isFunctionDeclaration(fn) && fn.name) return { name: fn.name, exported: isExported(fn) };
    let holder = fn.parent;
    while (ts.isParenthesizedExpression(holder) || ts.isAsExpression(holder) || ts.isSatisfiesExpression(holder))
      holder = holder.parent;
    if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name))
      return { name: holder.name, exported: isExported(holder.parent.parent) };
    return undefined;
  }

  /**
   * Every place a declared function is called: `f(a, b)` gives its arguments, `<F x="…" />` its
   * props as one object. undefined when the function is also used as a value (then calls are not all).
   * @param {ts.SignatureDeclaration} fn
   * @returns {{ args: (ts.Expression | undefined)[]; props?: ts.JsxAttributes }[] | undefined}
   */
  function callsOf(fn) {
    const named = nameOf(fn);
    if (!named) return undefined;
    const home = fn.getSourceFile();
    // Next calls a route's exports (the page, generateMetadata…) with arguments no source shows.
    if (named.exported && home.fileName.startsWith('app/')) return undefined;
    if (ts.canHaveModifiers(fn) && ts.getModifiers(fn)?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword))
      return undefined;
    /** @type {ts.Identifier[]} */
    const refs = identifiersNamed(home, named.name.text).filter(
      (id) => id !== named.name && isReference(id) && declarationOf(id)?.name === named.name,
    );
    if (named.exported) {
      for (const [path, text] of files) {
        if (path === home.fileName || !text.includes(named.name.text)) continue;
        const sf = sourceOf(path);
        if (!sf) continue;
        for (const statement of sf.statements) {
          if (
            !(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) ||
            !statement.moduleSpecifier ||
            !ts.isStringLiteral(statement.moduleSpecifier)
          )
            continue;
          if (resolveModule(path, statement.moduleSpecifier.text) !== home.fileName) continue;
          // Re-exported or imported whole: its calls are not all in sight.
          if (ts.isExportDeclaration(statement)) return undefined;
          const bindings = statement.importClause?.namedBindings;
          if (bindings && ts.isNamespaceImport(bindings)) return undefined;
          if (!bindings || !ts.isNamedImports(bindings)) continue;
          for (const element of bindings.elements) {
            if ((element.propertyName ?? element.name).text !== named.name.text) continue;
            refs.push(
              ...identifiersNamed(sf, element.name.text).filter(
                (id) => isReference(id) && declarationOf(id)?.name === element.name,
              ),
            );
          }
        }
      }
    }
    /** @type {{ args: (ts.Expression | undefined)[]; props?: ts.JsxAttributes }[]} */
    const calls = [];
    for (const ref of refs) {
      const p = ref.parent;
      if (ts.isCallExpression(p) && p.expression === ref) calls.push({ args: [...p.arguments] });
      else if ((ts.isJsxSelfClosingElement(p) || ts.isJsxOpeningElement(p)) && p.tagName === ref)
        calls.push({ args: [], props: p.attributes });
      else return undefined;
    }
    return calls;
  }

  /**
   * The argument expressions a parameter receives, over every call of its function, following a
   * destructuring path into object literals and JSX props. undefined if any call cannot be read.
   * @param {ts.SignatureDeclaration} fn @param {number} index @param {Step[]} path
   * @returns {ts.Expression[] | undefined}
   */
  function argumentsOf(fn, index, path) {
    // Inside a function a translator was followed into, its other parameters are what that call passed.
    const through = callContext.get(fn);
    const calls = through ? [{ args: [...through.arguments] }] : callsOf(fn);
    if (!calls) return undefined;
    /** @type {ts.Expression[]} */
    const out = [];
    for (const call of calls) {
      let steps = path;
      /** @type {ts.Expression | undefined} */
      let arg;
      if (call.props) {
        const first = steps[0];
        if (index !== 0 || !first || !('prop' in first)) return undefined;
        if (call.props.properties.some((attr) => ts.isJsxSpreadAttribute(attr))) return undefined;
        const attr = call.props.properties.find(
          (a) => ts.isJsxAttribute(a) && ts.isIdentifier(a.name) && a.name.text === first.prop,
        );
        if (!attr || !ts.isJsxAttribute(attr)) continue; // not passed here: nothing to read at this call
        const init = attr.initializer;
        if (!init) return undefined;
        arg = ts.isJsxExpression(init) ? init.expression : ts.isStringLiteral(init) ? init : undefined;
        if (!arg) return undefined;
        steps = steps.slice(1);
      } else {
        arg = call.args[index];
        if (!arg) continue;
      }
      for (const step of steps) {
        const value = unwrap(arg);
        if ('prop' in step && ts.isObjectLiteralExpression(value)) {
          const property = propertyOf(value, step.prop);
          if (property === null) return undefined;
          if (property === undefined) {
            arg = undefined;
            break;
          }
          arg = property;
        } else if ('index' in step && ts.isArrayLiteralExpression(value)) {
          arg = value.elements[step.index];
          if (!arg || ts.isSpreadElement(arg)) return undefined;
        } else return undefined;
      }
      if (arg) out.push(arg);
    }
    return out;
  }

  /** A property's value in an object literal: undefined if absent, null if a spread could hide it. @param {ts.ObjectLiteralExpression} object @param {string} name @returns {ts.Expression | undefined | null} */
  function propertyOf(object, name) {
    /** @type {ts.Expression | undefined | null} */
    let found;
    for (const property of object.properties) {
      if (ts.isSpreadAssignment(property)) found = null;
      else if (ts.isPropertyAssignment(property) && propertyName(property.name) === name) found = property.initializer;
      else if (ts.isShorthandPropertyAssignment(property) && property.name.text === name) found = property.name;
    }
    return found;
  }

  /** @param {ts.PropertyName} name */
  function propertyName(name) {
    return ts.isIdentifier(name) ||
      ts.isStringLiteral(name) ||
      ts.isNumericLiteral(name) ||
      ts.isNoSubstitutionTemplateLiteral(name)
      ? name.text
      : undefined;
  }

  // ---------------------------------------------------------------- values of key expressions

  /** @param {Values[]} sets @returns {Values} */
  function union(sets) {
    if (sets.some((s) => s === null)) return null;
    return new Set(sets.flatMap((s) => [...(s ?? [])]));
  }

  /** @param {Values} a @param {Values} b @returns {Values} */
  function concat(a, b) {
    if (!a || !b) return null;
    const out = new Set();
    for (const x of a) for (const y of b) out.add(x + y);
    return out;
  }

  /**
   * Runs one kind of resolution of a node once at a time, within a depth limit.
   * @template T @param {string} kind @param {ts.Node} node @param {() => T} run @param {T} fallback @returns {T}
   */
  function guarded(kind, node, run, fallback) {
    const nodes = active.get(kind) ?? new Set();
    active.set(kind, nodes);
    if (nodes.has(node) || depth > MAX_DEPTH) return fallback;
    nodes.add(node);
    depth++;
    try {
      return run();
    } finally {
      depth--;
      nodes.delete(node);
    }
  }

  /** The strings an expression can be. @param {ts.Expression} expr @returns {Values} */
  function valuesOf(expr) {
    return guarded('values', expr, () => valuesOfUnguarded(expr), null);
  }

  /** @param {ts.Expression} expr @returns {Values} */
  function valuesOfUnguarded(expr) {
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return new Set([expr.text]);
    if (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr) || ts.isSatisfiesExpression(expr))
      return valuesOf(expr.expression);
    if (ts.isAsExpression(expr) || ts.isTypeAssertionExpression(expr))
      return valuesOf(expr.expression) ?? typeValues(expr.type);
    if (ts.isTemplateExpression(expr)) {
      /** @type {Values} */
      let out = new Set([expr.head.text]);
      for (const span of expr.templateSpans)
        out = concat(concat(out, valuesOf(span.expression)), new Set([span.literal.text]));
      return out;
    }
    if (ts.isConditionalExpression(expr)) return union([valuesOf(expr.whenTrue), valuesOf(expr.whenFalse)]);
    if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusToken) return concat(valuesOf(expr.left), valuesOf(expr.right));
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
        return union([valuesOf(expr.left), valuesOf(expr.right)]);
      return null;
    }
    if (ts.isIdentifier(expr)) return narrow(expr, identifierValues(expr));
    if (ts.isPropertyAccessExpression(expr)) {
      const objects = objectsOf(expr.expression);
      if (!objects) return null;
      return union(
        objects.map((object) => {
          const value = propertyOf(object, expr.name.text);
          return value ? valuesOf(value) : null;
        }),
      );
    }
    if (ts.isElementAccessExpression(expr)) {
      const objects = objectsOf(expr.expression);
      if (objects) {
        const names = valuesOf(expr.argumentExpression);
        return union(
          objects.flatMap((object) => {
            if (!names)
              return object.properties.map((p) => (ts.isPropertyAssignment(p) ? valuesOf(p.initializer) : null));
            return [...names].map((name) => {
              const value = propertyOf(object, name);
              return value === undefined ? new Set() : value === null ? null : valuesOf(value);
            });
          }),
        );
      }
      return arrayValues(expr.expression);
    }
    if (ts.isCallExpression(expr)) {
      const fn = functionOf(expr.expression);
      if (fn?.type && !ts.isTypePredicateNode(fn.type)) return typeValues(fn.type);
      if (fn && ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return valuesOf(fn.body);
      return null;
    }
    return null;
  }

  /** @param {ts.Identifier} id @returns {Values} */
  function identifierValues(id) {
    const decl = settle(declarationOf(id));
    if (!decl) return null;
    if (decl.kind === 'var') {
      const { node, path } = decl;
      const loop = node.parent.parent;
      if (path.length === 0 && ts.isForOfStatement(loop)) return arrayValues(loop.expression);
      const initializer = constInitializer(decl);
      const value = initializer && valuesOf(initializer);
      if (value) return value;
      return path.length === 0 && node.type ? typeValues(node.type) : null;
    }
    if (decl.kind === 'param') {
      const { fn, index, path, node } = decl;
      const callback = callbackReceiver(fn);
      if (callback && index === 0 && path.length === 0) return arrayValues(callback);
      const args = argumentsOf(fn, index, path);
      // A default (`{ key = 'x' }`, `(key = 'x')`) is one more value a call can leave it with.
      const holder = decl.name.parent;
      const fallback =
        (ts.isBindingElement(holder) || ts.isParameter(holder)) && holder.initializer
          ? [valuesOf(holder.initializer)]
          : [];
      const passed = args ? union([...args.map(valuesOf), ...fallback]) : null;
      if (passed) return passed;
      return path.length === 0 && node.type ? typeValues(node.type) : null;
    }
    return null;
  }

  /** For `arr.map((x) => …)`: arr. @param {ts.SignatureDeclaration} fn @returns {ts.Expression | undefined} */
  function callbackReceiver(fn) {
    const call = fn.parent;
    if (!ts.isCallExpression(call) || call.arguments[0] !== fn) return undefined;
    const callee = call.expression;
    return ts.isPropertyAccessExpression(callee) && ARRAY_CALLBACKS.has(callee.name.text)
      ? callee.expression
      : undefined;
  }

  /** The object literals an expression can be (a const, an imported const, an element of a const array). @param {ts.Expression} expr @returns {ts.ObjectLiteralExpression[] | null} */
  function objectsOf(expr) {
    return guarded(
      'objects',
      expr,
      () => {
        const e = unwrap(expr);
        if (ts.isObjectLiteralExpression(e)) return [e];
        if (!ts.isIdentifier(e)) return null;
        const decl = settle(declarationOf(e));
        const initializer = constInitializer(decl);
        if (initializer) return objectsOf(initializer);
        if (decl?.kind === 'var' && decl.path.length === 0 && ts.isForOfStatement(decl.node.parent.parent))
          return elementsObjects(decl.node.parent.parent.expression);
        if (decl?.kind === 'param' && decl.index === 0 && decl.path.length === 0) {
          const receiver = callbackReceiver(decl.fn);
          if (receiver) return elementsObjects(receiver);
        }
        return null;
      },
      null,
    );
  }

  /** @param {ts.Expression} expr @returns {ts.ObjectLiteralExpression[] | null} */
  function elementsObjects(expr) {
    const elements = arrayElements(expr);
    if (!elements) return null;
    /** @type {ts.ObjectLiteralExpression[]} */
    const out = [];
    for (const element of elements) {
      const objects = objectsOf(element);
      if (!objects) return null;
      out.push(...objects);
    }
    return out;
  }

  /** The element expressions of a const array literal. @param {ts.Expression} expr @returns {ts.Expression[] | null} */
  function arrayElements(expr) {
    return guarded(
      'elements',
      expr,
      () => {
        const e = unwrap(expr);
        if (ts.isArrayLiteralExpression(e)) {
          /** @type {ts.Expression[]} */
          const out = [];
          for (const element of e.elements) {
            if (ts.isSpreadElement(element)) {
              const inner = arrayElements(element.expression);
              if (!inner) return null;
              out.push(...inner);
            } else out.push(element);
          }
          return out;
        }
        if (
          ts.isCallExpression(e) &&
          ts.isPropertyAccessExpression(e.expression) &&
          ['filter', 'slice', 'toSorted', 'toReversed'].includes(e.expression.name.text)
        )
          return arrayElements(e.expression.expression);
        if (!ts.isIdentifier(e)) return null;
        const initializer = constInitializer(settle(declarationOf(e)));
        return initializer ? arrayElements(initializer) : null;
      },
      null,
    );
  }

  /** The strings an array's elements can be. @param {ts.Expression} expr @returns {Values} */
  function arrayValues(expr) {
    return guarded(
      'array',
      expr,
      () => {
        const elements = arrayElements(expr);
        if (elements) return union(elements.map(valuesOf));
        let e = expr;
        while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isSatisfiesExpression(e))
          e = e.expression;
        if (ts.isAsExpression(e)) {
          const inner = arrayValues(e.expression);
          return inner ?? typeElementValues(e.type);
        }
        if (
          ts.isCallExpression(e) &&
          ts.isPropertyAccessExpression(e.expression) &&
          ts.isIdentifier(e.expression.expression) &&
          e.expression.expression.text === 'Object' &&
          e.arguments[0]
        ) {
          const objects = objectsOf(e.arguments[0]);
          if (!objects) return null;
          if (e.expression.name.text === 'keys') return union(objects.map(objectKeys));
          if (e.expression.name.text === 'values')
            return union(
              objects.flatMap((o) =>
                o.properties.map((p) => (ts.isPropertyAssignment(p) ? valuesOf(p.initializer) : null)),
              ),
            );
          return null;
        }
        if (
          ts.isCallExpression(e) &&
          ts.isPropertyAccessExpression(e.expression) &&
          ['filter', 'slice', 'toSorted', 'toReversed'].includes(e.expression.name.text)
        )
          return arrayValues(e.expression.expression);
        if (ts.isIdentifier(e)) {
          const decl = settle(declarationOf(e));
          if (decl?.kind === 'var' && decl.path.length === 0 && decl.node.type)
            return typeElementValues(decl.node.type);
          if (decl?.kind === 'param' && decl.path.length === 0) {
            // An array parameter: the arrays its function is called with, else its type's elements.
            const args = argumentsOf(decl.fn, decl.index, decl.path);
            const passed = args ? union(args.map(arrayValues)) : null;
            if (passed) return passed;
            if (decl.node.type) return typeElementValues(decl.node.type);
          }
        }
        return null;
      },
      null,
    );
  }

  /** @param {ts.ObjectLiteralExpression} object @returns {Values} */
  function objectKeys(object) {
    /** @type {Set<string>} */
    const out = new Set();
    for (const property of object.properties) {
      if (ts.isSpreadAssignment(property)) return null;
      const name = property.name && propertyName(property.name);
      if (name === undefined) return null;
      out.add(name);
    }
    return out;
  }

  /** The string literals a type allows. @param {ts.TypeNode} type @returns {Values} */
  function typeValues(type) {
    return guarded(
      'type',
      type,
      () => {
        if (ts.isLiteralTypeNode(type)) return ts.isStringLiteral(type.literal) ? new Set([type.literal.text]) : null;
        if (ts.isUnionTypeNode(type)) return union(type.types.map(typeValues));
        if (ts.isParenthesizedTypeNode(type)) return typeValues(type.type);
        if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
          const [a, b] = type.typeArguments ?? [];
          const name = type.typeName.text;
          if ((name === 'Exclude' || name === 'Extract') && a && b) {
            const all = typeValues(a);
            const other = typeValues(b);
            if (!all || !other) return null;
            return new Set([...all].filter((v) => other.has(v) === (name === 'Extract')));
          }
          const alias = typeAliasOf(type, name);
          return alias && !alias.typeParameters ? typeValues(alias.type) : null;
        }
        if (ts.isTypeOperatorNode(type) && type.operator === ts.SyntaxKind.KeyOfKeyword) {
          const operand = ts.isParenthesizedTypeNode(type.type) ? type.type.type : type.type;
          if (ts.isTypeQueryNode(operand) && ts.isIdentifier(operand.exprName)) {
            const objects = objectsOf(operand.exprName);
            return objects ? union(objects.map(objectKeys)) : null;
          }
          return null;
        }
        if (ts.isIndexedAccessTypeNode(type)) {
          const object = ts.isParenthesizedTypeNode(type.objectType) ? type.objectType.type : type.objectType;
          if (type.indexType.kind === ts.SyntaxKind.NumberKeyword) {
            if (ts.isTypeQueryNode(object) && ts.isIdentifier(object.exprName)) return arrayValues(object.exprName);
            return typeElementValues(object);
          }
          return null;
        }
        return null;
      },
      null,
    );
  }

  /** The string literals an array type's elements allow. @param {ts.TypeNode} type @returns {Values} */
  function typeElementValues(type) {
    if (ts.isArrayTypeNode(type)) return typeValues(type.elementType);
    if (ts.isTypeOperatorNode(type) && type.operator === ts.SyntaxKind.ReadonlyKeyword)
      return typeElementValues(type.type);
    if (ts.isParenthesizedTypeNode(type)) return typeElementValues(type.type);
    if (
      ts.isTypeReferenceNode(type) &&
      ts.isIdentifier(type.typeName) &&
      ['Array', 'ReadonlyArray'].includes(type.typeName.text) &&
      type.typeArguments?.[0]
    )
      return typeValues(type.typeArguments[0]);
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
      const alias = typeAliasOf(type, type.typeName.text);
      return alias ? typeElementValues(alias.type) : null;
    }
    return null;
  }

  // ---------------------------------------------------------------- narrowing

  /** Is this expression the variable declared at `name`? @param {ts.Expression} expr @param {ts.Identifier} name */
  function isVariable(expr, name) {
    const e = unwrap(expr);
    return ts.isIdentifier(e) && e.text === name.text && declarationOf(e)?.name === name;
  }

  /**
   * Does a statement always leave its block: return, throw, break, continue, or a call that never
   * returns (Next's notFound(), redirect()…, or a function declared to return `never`)?
   * @param {ts.Statement} statement @returns {boolean}
   */
  function exits(statement) {
    if (
      ts.isReturnStatement(statement) ||
      ts.isThrowStatement(statement) ||
      ts.isBreakStatement(statement) ||
      ts.isContinueStatement(statement)
    )
      return true;
    if (
      ts.isExpressionStatement(statement) &&
      ts.isCallExpression(statement.expression) &&
      ts.isIdentifier(statement.expression.expression)
    ) {
      const decl = declarationOf(statement.expression.expression);
      if (decl?.kind === 'import' && decl.module === 'next/navigation' && NEVER_RETURNING.has(decl.imported))
        return true;
      return functionOf(statement.expression.expression)?.type?.kind === ts.SyntaxKind.NeverKeyword;
    }
    if (ts.isBlock(statement)) {
      const last = statement.statements[statement.statements.length - 1];
      return !!last && exits(last);
    }
    if (ts.isIfStatement(statement))
      return !!statement.elseStatement && exits(statement.thenStatement) && exits(statement.elseStatement);
    return false;
  }

  /**
   * What a condition being `truth` says about the variable declared at `name`.
   * @param {ts.Expression} cond @param {boolean} truth @param {ts.Identifier} name @param {Values} values @returns {Values}
   */
  function applyCondition(cond, truth, name, values) {
    const c = unwrap(cond);
    if (ts.isPrefixUnaryExpression(c) && c.operator === ts.SyntaxKind.ExclamationToken)
      return applyCondition(c.operand, !truth, name, values);
    if (ts.isBinaryExpression(c)) {
      const op = c.operatorToken.kind;
      // A && B true, A || B false: both sides hold. A && B false, A || B true: A alone, or A not and B.
      const and = op === ts.SyntaxKind.AmpersandAmpersandToken;
      if (and || op === ts.SyntaxKind.BarBarToken) {
        if (truth === and) return applyCondition(c.right, truth, name, applyCondition(c.left, truth, name, values));
        return union([
          applyCondition(c.left, truth, name, values),
          applyCondition(c.right, truth, name, applyCondition(c.left, !truth, name, values)),
        ]);
      }
      const equal = op === ts.SyntaxKind.EqualsEqualsEqualsToken || op === ts.SyntaxKind.EqualsEqualsToken;
      const unequal = op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
      if (!equal && !unequal) return values;
      const other = isVariable(c.left, name) ? c.right : isVariable(c.right, name) ? c.left : undefined;
      if (!other) return values;
      const literals = valuesOf(other);
      if (!literals) return values;
      const same = equal === truth;
      if (same) return values ? new Set([...values].filter((v) => literals.has(v))) : literals;
      return values && literals.size === 1 ? new Set([...values].filter((v) => !literals.has(v))) : values;
    }
    if (ts.isCallExpression(c)) {
      const fn = functionOf(c.expression);
      const predicate = fn?.type && ts.isTypePredicateNode(fn.type) ? fn.type : undefined;
      if (!fn || !predicate?.type || !ts.isIdentifier(predicate.parameterName)) return values;
      const predicateName = predicate.parameterName.text;
      const index = fn.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === predicateName);
      const arg = c.arguments[index];
      if (index < 0 || !arg || !isVariable(arg, name)) return values;
      const allowed = typeValues(predicate.type);
      if (!allowed) return values;
      if (truth) return values ? new Set([...values].filter((v) => allowed.has(v))) : allowed;
      return values ? new Set([...values].filter((v) => !allowed.has(v))) : values;
    }
    return values;
  }

  /** Narrows a variable's values by the conditions that guard this read of it. @param {ts.Identifier} id @param {Values} values @returns {Values} */
  function narrow(id, values) {
    const decl = declarationOf(id);
    if (!decl) return values;
    const name = decl.name;
    let out = values;
    /** @type {ts.Node} */
    let child = id;
    for (let node = id.parent; node; child = node, node = node.parent) {
      if (ts.isIfStatement(node) && child !== node.expression)
        out = applyCondition(node.expression, child === node.thenStatement, name, out);
      else if (ts.isConditionalExpression(node) && child !== node.condition)
        out = applyCondition(node.condition, child === node.whenTrue, name, out);
      else if (ts.isBinaryExpression(node) && child === node.right) {
        if (node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
          out = applyCondition(node.left, true, name, out);
        else if (node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
          out = applyCondition(node.left, false, name, out);
      }
      if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) {
        for (const statement of node.statements) {
          if (statement === child) break;
          if (ts.isIfStatement(statement) && !statement.elseStatement && exits(statement.thenStatement))
            out = applyCondition(statement.expression, false, name, out);
        }
      }
      if (node === decl.name.parent) break;
    }
    return out;
  }

  // ---------------------------------------------------------------- following translators and catalogues

  /** @param {ts.CallExpression} call @returns {{ kind: 'translator'; namespaces: Values } | { kind: 'messages' } | undefined} */
  function producerOf(call) {
    const callee = call.expression;
    if (!ts.isIdentifier(callee)) return undefined;
    const decl = declarationOf(callee);
    if (decl?.kind !== 'import') return undefined;
    if (decl.module === messagesFile && decl.imported === 'loadMessages') return { kind: 'messages' };
    if (MESSAGES_PRODUCERS.get(decl.imported)?.includes(decl.module)) return { kind: 'messages' };
    if (!TRANSLATOR_PRODUCERS.get(decl.imported)?.includes(decl.module)) return undefined;
    const arg = call.arguments[0];
    if (!arg) return { kind: 'translator', namespaces: new Set(['']) };
    const value = unwrap(arg);
    if (ts.isObjectLiteralExpression(value)) {
      const namespace = propertyOf(value, 'namespace');
      if (namespace === undefined) return { kind: 'translator', namespaces: new Set(['']) };
      return { kind: 'translator', namespaces: namespace === null ? null : valuesOf(namespace) };
    }
    return { kind: 'translator', namespaces: valuesOf(arg) };
  }

  /** @param {Set<string>} namespaces @param {string} key */
  const join = (namespaces, key) => [...namespaces].map((ns) => (ns ? `${ns}.${key}` : key));

  /** A translator called: t(key), t.rich(key)… @param {ts.CallExpression} call @param {Set<string>} namespaces @param {UseKind} kind */
  function recordKeyCall(call, namespaces, kind) {
    const arg = call.arguments[0];
    if (!arg) return giveUp(call, 'a translator called without a key');
    const keys = valuesOf(arg);
    if (!keys) {
      const head = ts.isTemplateExpression(arg) ? arg.head.text : '';
      return giveUp(
        call,
        'cannot tell which keys this reads',
        join(namespaces, head).map((p) => p.replace(/\.$/, '')),
      );
    }
    for (const key of keys)
      for (const full of join(namespaces, key))
        uses.push({ key: full, kind, file: call.getSourceFile().fileName, line: lineOf(call) });
  }

  /**
   * Follows where a value goes from `node` (a translator, or the catalogue object), recording what
   * is read from it. @param {ts.Expression} node @param {{ kind: 'translator'; namespaces: Set<string> } | { kind: 'messages' }} what @param {Set<ts.Node>} seen
   */
  function follow(node, what, seen) {
    /** @type {ts.Node} */
    let n = node;
    while (
      (ts.isParenthesizedExpression(n.parent) ||
        ts.isAwaitExpression(n.parent) ||
        ts.isAsExpression(n.parent) ||
        ts.isNonNullExpression(n.parent) ||
        ts.isSatisfiesExpression(n.parent)) &&
      n.parent.expression === n
    )
      n = n.parent;
    const p = n.parent;
    if (what.kind === 'translator') {
      if (ts.isCallExpression(p) && p.expression === n) return recordKeyCall(p, what.namespaces, 'message');
      if (
        ts.isPropertyAccessExpression(p) &&
        p.expression === n &&
        ts.isCallExpression(p.parent) &&
        p.parent.expression === p
      ) {
        const kind = TRANSLATOR_METHODS.get(p.name.text);
        if (kind) return recordKeyCall(p.parent, what.namespaces, kind);
      }
    } else {
      // Catalogue: a property path read from it uses that subtree.
      if ((ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p)) && p.expression === n) {
        /** @type {string[]} */
        const path = [];
        /** @type {ts.Node} */
        let cur = n;
        while (
          (ts.isPropertyAccessExpression(cur.parent) || ts.isElementAccessExpression(cur.parent)) &&
          cur.parent.expression === cur
        ) {
          const step = ts.isPropertyAccessExpression(cur.parent)
            ? cur.parent.name.text
            : ts.isStringLiteral(cur.parent.argumentExpression)
              ? cur.parent.argumentExpression.text
              : undefined;
          if (step === undefined) break;
          path.push(step);
          cur = cur.parent;
        }
        if (!path.length) return giveUp(p, 'cannot tell which part of the catalogue this reads');
        uses.push({ key: path.join('.'), kind: 'subtree', file: p.getSourceFile().fileName, line: lineOf(p) });
        return;
      }
      // Handed to next-intl (createTranslator({ messages }), getRequestConfig's `messages`, a provider's prop): followed there.
      if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && propertyName(p.name) === 'messages')
        return;
      if (
        ts.isJsxExpression(p) &&
        ts.isJsxAttribute(p.parent) &&
        ts.isIdentifier(p.parent.name) &&
        p.parent.name.text === 'messages'
      )
        return;
    }
    if (ts.isVariableDeclaration(p) && p.initializer === n) return followBinding(p.name, [], what, seen);
    if (ts.isArrayLiteralExpression(p) && ts.isExpression(n)) {
      // const [a, t] = await Promise.all([x, getTranslations('ns')])
      const index = p.elements.indexOf(n);
      /** @type {ts.Node} */
      let holder = p.parent;
      const isAll =
        ts.isCallExpression(holder) &&
        ts.isPropertyAccessExpression(holder.expression) &&
        ts.isIdentifier(holder.expression.expression) &&
        holder.expression.expression.text === 'Promise' &&
        holder.expression.name.text === 'all' &&
        holder.arguments[0] === p;
      if (isAll) {
        while (ts.isParenthesizedExpression(holder.parent) || ts.isAwaitExpression(holder.parent))
          holder = holder.parent;
        if (ts.isVariableDeclaration(holder.parent) && holder.parent.initializer === holder)
          return followBinding(holder.parent.name, [{ index }], what, seen);
      }
    }
    if (ts.isCallExpression(p) && ts.isExpression(n) && p.arguments.includes(n)) {
      const fn = functionOf(p.expression);
      const param = fn?.parameters[p.arguments.indexOf(n)];
      if (param && what.kind === 'messages' && isMessagesType(param.type)) return; // a root of its own
      if (param && fn && ts.isIdentifier(param.name)) {
        const outer = callContext.get(fn);
        callContext.set(fn, p);
        try {
          return followBinding(param.name, [], what, new Set(seen));
        } finally {
          if (outer) callContext.set(fn, outer);
          else callContext.delete(fn);
        }
      }
    }
    giveUp(
      n,
      what.kind === 'translator'
        ? 'a translator used in a way this check cannot follow'
        : 'the catalogue used in a way this check cannot follow',
    );
  }

  /** Follows every read of a declared name (or of the part of it a destructuring path picks). @param {ts.BindingName} binding @param {Step[]} path @param {Parameters<typeof follow>[1]} what @param {Set<ts.Node>} seen */
  function followBinding(binding, path, what, seen) {
    let target = binding;
    for (const step of path) {
      if (!('index' in step) || !ts.isArrayBindingPattern(target))
        return giveUp(binding, 'a destructuring this check cannot follow');
      const element = target.elements[step.index];
      if (!element || ts.isOmittedExpression(element)) return; // not taken
      target = element.name;
    }
    if (!ts.isIdentifier(target)) return giveUp(target, 'a destructuring this check cannot follow');
    if (seen.has(target)) return;
    seen.add(target);
    const name = target;
    for (const ref of identifiersNamed(name.getSourceFile(), name.text)) {
      if (ref !== name && isReference(ref) && declarationOf(ref)?.name === name) follow(ref, what, seen);
    }
  }

  for (const [path, text] of files) {
    if (!/getTranslations|useTranslations|createTranslator|getMessages|useMessages|loadMessages|Messages/.test(text))
      continue;
    const sf = sourceOf(path);
    if (!sf) continue;
    /** @param {ts.Node} node */
    const visit = (node) => {
      if (ts.isCallExpression(node)) {
        const producer = producerOf(node);
        if (producer?.kind === 'translator') {
          if (producer.namespaces) follow(node, { kind: 'translator', namespaces: producer.namespaces }, new Set());
          else giveUp(node, 'cannot tell which namespace this translator reads');
        } else if (producer?.kind === 'messages') follow(node, producer, new Set());
      } else if ((ts.isParameter(node) || ts.isVariableDeclaration(node)) && isMessagesType(node.type)) {
        followBinding(node.name, [], { kind: 'messages' }, new Set());
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { uses, unresolved };
}

/**
 * Compares what the code reads with the English catalogue.
 * @param {Catalogue} catalogue
 * @param {Scan} scan
 * @param {DynamicPrefix[]} [allowances] key prefixes read in ways the scan cannot follow
 * @returns {Report}
 */
export function compareWithCatalogue(catalogue, scan, allowances = []) {
  const leaves = leafKeys(catalogue);
  const leafSet = new Set(leaves);
  const namespaces = new Set(namespaceKeys(catalogue));
  /** @type {Map<string, Missing>} */
  const missing = new Map();
  const used = new Set();
  /** @param {string} prefix */
  const markSubtreeUsed = (prefix) => {
    for (const leaf of leaves) if (leaf === prefix || leaf.startsWith(`${prefix}.`)) used.add(leaf);
  };
  for (const use of scan.uses) {
    const at = `${use.file}:${use.line}`;
    if (use.kind === 'subtree') {
      if (leafSet.has(use.key) || namespaces.has(use.key)) markSubtreeUsed(use.key);
      else addMissing(use.key, at, 'read as a whole, but en.json has nothing there');
    } else if (leafSet.has(use.key)) used.add(use.key);
    else if (use.kind === 'message')
      addMissing(use.key, at, namespaces.has(use.key) ? 'a namespace in en.json, not a message' : 'not in en.json');
  }
  /** @param {string} key @param {string} at @param {string} why */
  function addMissing(key, at, why) {
    const entry = missing.get(key) ?? { key, at: [], why };
    if (!entry.at.includes(at)) entry.at.push(at);
    missing.set(key, entry);
  }
  /** @type {DynamicPrefix[]} */
  const staleAllowances = [];
  const unresolved = scan.unresolved.filter((item) => !allowances.some((allow) => allows(allow, item)));
  for (const allow of allowances) {
    if (!scan.unresolved.some((item) => allows(allow, item))) staleAllowances.push(allow);
    markSubtreeUsed(allow.prefix);
  }
  return {
    missing: [...missing.values()],
    unused: leaves.filter((key) => !used.has(key)),
    unresolved,
    staleAllowances,
    keys: leaves.length,
    reads: scan.uses.length,
  };
}

/** @param {DynamicPrefix} allow @param {Unresolved} item */
function allows(allow, item) {
  return (
    item.file === allow.file &&
    item.prefixes.length > 0 &&
    item.prefixes.every((p) => p === allow.prefix || p.startsWith(`${allow.prefix}.`))
  );
}

/** The report's lines; empty when there is nothing to fix. @param {Report} report @returns {string[]} */
export function problemLines(report) {
  return [
    ...report.missing.map((m) => `  missing     ${m.key}: ${m.why} (read at ${m.at.join(', ')})`),
    ...report.unused.map((key) => `  unused      ${key}: in en.json, read nowhere (delete it from every locale)`),
    ...report.unresolved.map((u) => `  unresolved  ${u.file}:${u.line}: ${u.reason}: ${u.code}`),
    ...report.staleAllowances.map(
      (a) =>
        `  stale       allowance for ${a.prefix} in ${a.file}: nothing there needs it any more (remove it from DYNAMIC)`,
    ),
  ];
}
