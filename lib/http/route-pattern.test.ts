import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS, UNMATCHED, routePattern } from './route-pattern';

/** Next's metadata files at the root of app/, and the path each is served at. */
const METADATA: Record<string, string> = {
  'robots.ts': '/robots.txt',
  'sitemap.ts': '/sitemap.xml',
  'manifest.ts': '/manifest.webmanifest',
  'icon.svg': '/icon.svg',
  'apple-icon.png': '/apple-icon.png',
};

/** Every route app/ has, as Next names it: a folder with a page or a route handler, and the metadata files. */
function appRoutes(dir = 'app', prefix = ''): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      // A route group names no segment; a parallel route's slot is not a path of its own.
      const segment = name.startsWith('(') ? '' : `/${name}`;
      if (!name.startsWith('@') && !name.startsWith('_')) found.push(...appRoutes(path, `${prefix}${segment}`));
    } else if (/^(page|route)\.(tsx?|jsx?)$/.test(name)) found.push(prefix || '/');
    else if (
      !prefix &&
      /^(robots|sitemap|manifest)\.(ts|js)$|^(icon|apple-icon|opengraph-image|twitter-image|favicon)\./.test(name)
    )
      found.push(METADATA[name] ?? `unknown metadata file ${name}: add it to METADATA and route-pattern.ts`);
  }
  return found;
}

const TOKEN = 'eyJvIjoiM2YyYjhjMWUtYWJjZCIsIngiOjE3NjR9~Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg';

describe('routePattern', () => {
  it('knows exactly the routes app/ has, and public/’s folders', () => {
    const known = ROUTE_PATTERNS.filter((pattern) => !pattern.includes('[...file]') && !pattern.startsWith('/_next'));
    expect([...appRoutes()].sort()).toEqual(known.filter((pattern) => pattern !== UNMATCHED).sort());
    // public/'s folders, with those the build writes there (scripts/fonts.mjs, scripts/og-images.mjs) before or after it has.
    const folders = readdirSync('public').filter((name) => statSync(join('public', name)).isDirectory());
    expect([...new Set([...folders, 'fonts', 'og'])].map((name) => `/${name}/[...file]`).sort()).toEqual(
      ROUTE_PATTERNS.filter((pattern) => pattern.endsWith('[...file]') && !pattern.startsWith('/_next')).sort(),
    );
    expect(readdirSync('public').filter((name) => !folders.includes(name))).toEqual([]);
  });

  it('names a page by its route under [locale], in every language and at the bare paths', () => {
    expect(routePattern('/')).toBe('/[locale]');
    expect(routePattern('/fr')).toBe('/[locale]');
    expect(routePattern('/zh-CN/blog')).toBe('/[locale]/blog');
    expect(routePattern('/blog/some-post')).toBe('/[locale]/blog/[id]');
    expect(routePattern(`/library/${TOKEN}`)).toBe('/[locale]/library/[token]');
    expect(routePattern(`/ja/library/${TOKEN}`)).toBe('/[locale]/library/[token]');
    expect(routePattern('/en/library')).toBe('/[locale]/library');
    expect(routePattern('/the-love-blueprint/fr')).toBe('/[locale]/the-love-blueprint/[id]');
    expect(routePattern('/ar/the-love-blueprint/zh-CN/sample')).toBe('/[locale]/the-love-blueprint/[id]/sample');
    // A page no route has is the not-found page's.
    expect(routePattern('/no/such/page')).toBe('/[locale]/[...rest]');
    expect(routePattern(`/library/${TOKEN}/more`)).toBe('/[locale]/[...rest]');
  });

  it('names route handlers, feeds, metadata and static files, and nothing else', () => {
    expect(routePattern(`/api/download/${TOKEN}/the-love-blueprint-en.pdf`)).toBe('/api/download/[token]/[file]');
    expect(routePattern('/api/orders')).toBe('/api/orders');
    expect(routePattern('/api/orders/form')).toBe('/api/orders/form');
    expect(routePattern('/api/orders/3f2b8c1e/status')).toBe('/api/orders/[id]/status');
    expect(routePattern('/feed.xml')).toBe('/feed.xml');
    expect(routePattern('/fr/feed.xml')).toBe('/[locale]/feed.xml');
    expect(routePattern('/robots.txt')).toBe('/robots.txt');
    expect(routePattern('/_next/static/chunks/app.js')).toBe('/_next/static/[...file]');
    expect(routePattern('/images/covers/en.webp')).toBe('/images/[...file]');
    expect(routePattern('/api/no-such-route')).toBe(UNMATCHED);
    expect(routePattern(`/${TOKEN}.pdf`)).toBe(UNMATCHED);
    expect(routePattern(undefined)).toBe(UNMATCHED);
  });

  it('never gives back anything of the path: whatever it is, the answer is one of the known patterns', () => {
    const segment = fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map((text) => text.replaceAll('/', ''));
    const path = fc.array(
      fc.oneof(segment, fc.constantFrom('api', 'download', 'library', 'fr', 'en', '_next', 'images')),
      {
        maxLength: 6,
      },
    );
    const known = new Set(ROUTE_PATTERNS);
    fc.assert(
      fc.property(path, fc.constantFrom('', '/', '.pdf', '.json'), (segments, end) =>
        known.has(routePattern(`/${segments.join('/')}${end}`)),
      ),
      { numRuns: 500 },
    );
  });
});
