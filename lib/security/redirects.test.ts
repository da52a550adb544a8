import fc from 'fast-check';
import { normalizeRepeatedSlashes } from 'next/dist/shared/lib/utils';
import { describe, expect, it } from 'vitest';
import { routeLocale } from '@/lib/i18n/locale-routing';
import { normalizeEscapes } from '@/lib/security/url-guard';
import { pathTail, SITE } from '@/lib/security/path-arbitraries';

/**
 * The second review's open redirect (docs/security.md): no redirect this site issues leaves its
 * origin, whatever the path. Each location is resolved as a browser would (WHATWG URL, which drops tabs and newlines and reads '\' as '/').
 * The other redirects (blog listing, library, order form, download) go to fixed paths of our own.
 */
const staysOnSite = (location: string) => URL.canParse(location, SITE) && new URL(location, SITE).origin === SITE;

const path = fc
  .tuple(fc.constantFrom('', '/en', '/fr', '/zh-CN', '/xx'), pathTail)
  .map(([prefix, rest]) => `${prefix}/${rest}`);
const search = fc.option(
  fc.string({ maxLength: 6 }).map((text) => `?${text}`),
  { nil: '' },
);
const cookie = fc.constantFrom(undefined, 'NEXT_LOCALE=en', 'NEXT_LOCALE=fr', 'NEXT_LOCALE=zh-CN', 'NEXT_LOCALE=xx');

/** The pathname the front door routes: escapes of letters written plainly, then read as a path on our origin. */
function frontDoorPath(raw: string): string | null {
  const target = `http://localhost${normalizeEscapes(raw)}`;
  return URL.canParse(target) ? new URL(target).pathname : null;
}

describe('redirects stay on the site (finding 3)', () => {
  it('routeLocale: every redirect location, for the raw path and the one the front door parses', () => {
    fc.assert(
      fc.property(path, search, cookie, (raw, query, cookieHeader) => {
        for (const pathname of [raw, frontDoorPath(raw)]) {
          if (pathname === null) continue;
          const route = routeLocale({ pathname, search: query, cookie: cookieHeader });
          if (route.kind === 'redirect')
            expect(staysOnSite(route.location), `${JSON.stringify(pathname)} → ${JSON.stringify(route.location)}`).toBe(
              true,
            );
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("Next's own 308 for repeated slashes and backslashes, on any request line Node accepts", () => {
    // Node answers 400 to a request target with a control character or space, so those never reach Next.
    const onTheWire = path.filter((raw) => !/[\x00-\x20\x7f]/.test(raw));
    fc.assert(
      fc.property(onTheWire, search, (raw, query) => {
        const location = normalizeRepeatedSlashes(`${normalizeEscapes(raw)}${query}`);
        expect(staysOnSite(location), `${JSON.stringify(raw)} → ${JSON.stringify(location)}`).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
