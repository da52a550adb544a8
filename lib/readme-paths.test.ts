import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path the README and the decision records name exists: a newcomer who
 * follows one must find the file. A path is anything that starts with one of the repository's
 * top-level folders (`lib/…`, `app/…`, `content/…`, …). Placeholders stand for any name in their
 * segment (`content/shop/manuscript.{lang}.json`, `messages/*.json`, `app/[locale]/<route>/page.tsx`,
 * `app/api/…`): the folders before them must exist, and so must at least one name they match, unless
 * the placeholder stands for something to be created (`<route>`). Next's `[segment]` folders are
 * literal names. Relative Markdown links are followed too. What the build writes into a folder
 * .gitignore names (`public/fonts/`, …) cannot exist in a checkout: such a path counts when the
 * folder holding the ignored one does.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The documents that describe the repository as it is now (dated narratives, such as docs/performance.md, are not). */
function documents(): string[] {
  const decisions = readdirSync(join(ROOT, 'docs', 'decisions'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/decisions/${name}`);
  return ['README.md', 'docs/security.md', 'docs/languages-and-seo.md', 'docs/book-and-stamp.md', ...decisions];
}

const TOP_LEVEL = [
  'lib',
  'app',
  'components',
  'scripts',
  'content',
  'e2e',
  'bench',
  'docs',
  'public',
  'deploy',
  'messages',
];

// Not preceded by anything a path or a URL is made of, so `content/messages/x` yields one path, not
// also `messages/x`, and https://docs.stripe.com/… none. A `[segment]` is Next's folder name.
const PATH = new RegExp(
  String.raw`(?<![\w./@:-])(?:${TOP_LEVEL.join('|')})/(?:\[[^\]\s/]+\]|[\w.@{},*<>…+-]|/)*`,
  'gu',
);
const LINK = /\]\(([^)\s]+)\)/gu;

/** The repository paths a Markdown text names, as written (sentence punctuation after them dropped). */
function namedPaths(markdown: string): string[] {
  const found = [...markdown.matchAll(PATH)].map(([path]) => path.replace(/[.,]+$/u, ''));
  return [...new Set(found)];
}

/** Relative link targets of a Markdown text (no URLs, no in-page anchors), without their #fragment. */
function linkTargets(markdown: string): string[] {
  const targets = [...markdown.matchAll(LINK)].map(([, target]) => target!.split('#')[0]!);
  return [...new Set(targets.filter((target) => target !== '' && !/^[a-z][a-z+.-]*:/iu.test(target)))];
}

const PLACEHOLDER = /\{[^}/]*\}|\*|<[^>/]*>|…/u;
// A placeholder for something a reader is told to create: nothing need match it yet.
const TO_CREATE = /<[^>/]*>/u;

function segmentPattern(segment: string): RegExp {
  const parts = segment.split(/(\{[^}/]*\}|\*|<[^>/]*>|…)/u);
  const source = parts
    .map((part, index) =>
      index % 2 === 1 ? (part === '*' || part === '…' ? '.*' : '.+') : part.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`, 'u');
}

const isDirectory = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** Folders .gitignore names plainly (`public/fonts/`): what the build or a run writes there is not in a checkout. */
function ignoredFolders(): string[] {
  return readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/') && !line.startsWith('#') && !/[*?[\]!]/u.test(line))
    .map((line) => line.replace(/^\//u, ''));
}

/** Whether `path` (relative to the repository) names something that exists, placeholders matching any name. */
function pathExists(path: string, root = ROOT): boolean {
  const directoryOnly = path.endsWith('/');
  const segments = path.split('/').filter(Boolean);
  let candidates = [root];
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    if (!PLACEHOLDER.test(segment)) {
      candidates = candidates.map((dir) => join(dir, segment)).filter((candidate) => existsSync(candidate));
    } else if (TO_CREATE.test(segment)) {
      // `app/[locale]/<route>/page.tsx`: the folders up to here are what must exist.
      return candidates.some(isDirectory);
    } else {
      const pattern = segmentPattern(segment);
      candidates = candidates.filter(isDirectory).flatMap((dir) =>
        readdirSync(dir)
          .filter((name) => pattern.test(name))
          .map((name) => join(dir, name)),
      );
    }
    if (!last) candidates = candidates.filter(isDirectory);
    if (candidates.length === 0) return false;
  }
  return directoryOnly ? candidates.some(isDirectory) : true;
}

/** Build output under an ignored folder: it counts when the folder that holds the ignored one exists. */
function isBuildOutput(path: string): boolean {
  return ignoredFolders().some(
    (folder) => (path === folder.slice(0, -1) || path.startsWith(folder)) && isDirectory(join(ROOT, dirname(folder))),
  );
}

/** The paths and links of one document that lead nowhere. */
function missingIn(file: string, markdown = readFileSync(join(ROOT, file), 'utf8')): string[] {
  const paths = namedPaths(markdown).filter((path) => !pathExists(path) && !isBuildOutput(path));
  const links = linkTargets(markdown)
    .map((target) => relative(ROOT, join(ROOT, dirname(file), target)))
    .filter((target) => !pathExists(target) && !existsSync(join(ROOT, target)))
    .map((target) => `link: ${target}`);
  return [...paths, ...links];
}

describe('every path the README and the decision records name exists', () => {
  it.each(documents())('%s', (file) => {
    expect(missingIn(file)).toEqual([]);
  });

  it('finds the README paths at all (the pattern has not gone blind)', () => {
    const paths = namedPaths(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(paths.length).toBeGreaterThan(40);
    expect(paths).toEqual(
      expect.arrayContaining(['lib/server/front-door.ts', 'lib/env.ts', 'lib/shop/checkout/', 'content/books/']),
    );
  });
});

describe('the path check itself', () => {
  it('reads paths out of prose, code spans and links, without URLs or sentence punctuation', () => {
    const text =
      'See `lib/env.ts`, lib/server/. Also [the log](docs/test-time.md), https://docs.stripe.com/payments and `content/messages/en.json`.';
    expect(namedPaths(text)).toEqual(['lib/env.ts', 'lib/server/', 'docs/test-time.md', 'content/messages/en.json']);
    expect(linkTargets('[a](docs/x.md#part) [b](https://example.com) [c](#here)')).toEqual(['docs/x.md']);
  });

  it('keeps Next folder names and placeholders whole', () => {
    expect(namedPaths('`app/[locale]/[...rest]` and `content/shop/manuscript.{lang}.json` and `app/api/…`')).toEqual([
      'app/[locale]/[...rest]',
      'content/shop/manuscript.{lang}.json',
      'app/api/…',
    ]);
  });

  it('finds what exists, matches placeholders against real names, and refuses the rest', () => {
    expect(pathExists('lib/env.ts')).toBe(true);
    expect(pathExists('app/[locale]/[...rest]')).toBe(true);
    expect(pathExists('content/shop/manuscript.{lang}.json')).toBe(true);
    expect(pathExists('content/messages/*.json')).toBe(true);
    expect(pathExists('app/[locale]/<route>/page.tsx')).toBe(true);
    expect(pathExists('lib/nowhere/file.ts')).toBe(false);
    expect(pathExists('content/shop/recipe.{lang}.json')).toBe(false);
    expect(pathExists('lib/nowhere/<name>.ts')).toBe(false);
    expect(pathExists('lib/env.ts/')).toBe(false);
  });

  it('reports a planted path that does not exist, and a broken relative link', () => {
    expect(
      missingIn('docs/decisions/0000-example.md', 'Read `lib/shop/stamping.ts` and [that](../nowhere.md).'),
    ).toEqual(['lib/shop/stamping.ts', 'link: docs/nowhere.md']);
  });
});
