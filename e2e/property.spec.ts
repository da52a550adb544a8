import fc from 'fast-check';
import { test, expect } from './fixtures';
import { locales } from '../lib/i18n/locales';
import { PORTS, urlOf } from './support/ports';

/**
 * Bad input everywhere: arbitrary path segments, locale prefixes and query
 * strings against the production server. Whatever comes in, the answer is never a 5xx.
 */
const BASE = urlOf(PORTS.main);

async function statusOf(path: string): Promise<number> {
  // Plain fetch: no cookie jar, no redirects followed, exactly what was generated.
  return (await fetch(`${BASE}${path}`, { redirect: 'manual' })).status;
}

const segment = fc.oneof(
  fc.webSegment(),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom('..', '%2e%2e', '%00', '%', '%zz', 'en', 'fr', 'index.json', '~', '%E2%80%AE', 'a'.repeat(300)),
);
const prefix = fc.oneof(
  fc.constant(''),
  fc.constantFrom(...locales.map((l) => `/${l}`)),
  segment.map((s) => `/${s}`),
);
const route = fc.constantFrom(
  '/blog/',
  '/guidelines/',
  '/the-love-blueprint/',
  '/library/',
  '/',
  '/help-centre/',
  '/api/posts/',
);
const query = fc.oneof(
  fc.webQueryParameters(),
  fc
    .dictionary(
      fc.constantFrom('page', 'category', 'q', 'section', 'id'),
      fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String)),
      { maxKeys: 3 },
    )
    .map((d) => new URLSearchParams(d).toString()),
);

test('arbitrary paths, locale prefixes and query strings never get a 5xx', async () => {
  test.setTimeout(180_000);
  await fc.assert(
    fc.asyncProperty(prefix, route, segment, query, async (pre, path, seg, q) => {
      const url = `${pre}${path}${seg}${q ? `?${q}` : ''}`;
      const status = await statusOf(url);
      expect(status, url).toBeLessThan(500);
    }),
    { numRuns: 250 },
  );
});

test('arbitrary listing and search states never get a 5xx', async () => {
  test.setTimeout(120_000);
  await fc.assert(
    fc.asyncProperty(fc.constantFrom('/blog', '/help-centre', '/', '/fr/blog'), query, async (path, q) => {
      const status = await statusOf(`${path}?${q}`);
      expect(status, `${path}?${q}`).toBeLessThan(500);
    }),
    { numRuns: 150 },
  );
});
