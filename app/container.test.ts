import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each route inlines only its own CSS (per-route chunks), so the order of the global sheet and a
// CSS module differs from page to page. The global `.container` and a module class on the same
// element have equal specificity: if both set a box property, the page's layout would depend on
// chunk order. So a module class used beside `container` must leave those properties alone.
const CONTAINER_PROPERTIES =
  /^(width|max-width|min-width|margin|margin-(inline|left|right|inline-start|inline-end)|padding|padding-(inline|left|right|inline-start|inline-end))$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The declarations of `.cls` in a CSS module, in every rule whose selector starts with it. */
function classDeclarations(css: string, cls: string): string[] {
  const rule = new RegExp(`\\.${cls}(?![\\w-])[^{},]*\\{([^}]*)\\}`, 'g');
  return [...css.matchAll(rule)].flatMap((match) =>
    (match[1] ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean),
  );
}

function contested(): string[] {
  const root = resolve(import.meta.dirname, '..');
  const found: string[] = [];
  for (const file of [...sourceFiles(join(root, 'app')), ...sourceFiles(join(root, 'components'))]) {
    const source = readFileSync(file, 'utf8');
    for (const [, ns = '', cls = ''] of source.matchAll(/[`'"]container \$\{(\w+)\.(\w+)\}/g)) {
      const from = source.match(new RegExp(`import ${ns} from '([^']+)'`))?.[1];
      if (!from) throw new Error(`${file}: no import for ${ns}`);
      const cssPath = from.startsWith('@/') ? join(root, from.slice(2)) : resolve(dirname(file), from);
      for (const declaration of classDeclarations(readFileSync(cssPath, 'utf8'), cls)) {
        const property = declaration.split(':')[0]?.trim() ?? '';
        if (CONTAINER_PROPERTIES.test(property))
          found.push(`${file.slice(root.length + 1)}: .${cls} sets ${declaration}`);
      }
    }
  }
  return found;
}

describe('the global .container', () => {
  it('finds a class rule’s declarations, including inside media queries', () => {
    const css =
      '.page { max-width: 52rem; gap: 1rem }\n@media (min-width: 40rem) { .page { padding: 0 } }\n.pageHeader { width: 1px }';
    expect(classDeclarations(css, 'page')).toEqual(['max-width: 52rem', 'gap: 1rem', 'padding: 0']);
  });

  it('is not contested by a module class on the same element', () => {
    expect(contested()).toEqual([]);
  });
});
