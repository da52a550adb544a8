import fc from 'fast-check';
import { NextRequest } from 'next/server';
import { getRedirectUrl, getRewrittenUrl, isRewrite } from 'next/experimental/testing/server';
import { describe, expect, it } from 'vitest';
import { LOCALE_HEADER, PATH_HEADER } from '@/lib/http/request-headers';
import { routeLocale } from '@/lib/i18n/locale-routing';
import { proxy } from '@/proxy';
import { pathTail, SITE } from '@/lib/security/path-arbitraries';

// proxy.ts trusts the front door's decision (LOCALE_HEADER, PATH_HEADER): whatever path that
// decision holds, the proxy answers no redirect and rewrites only within its own origin.
const path = pathTail.map((rest) => `/${rest}`);

describe('proxy.ts: the rewrite by the front door’s decision', () => {
  it('rewrites each page to its [locale] route on the same origin, and never redirects', () => {
    fc.assert(
      fc.property(path, fc.constantFrom(undefined, 'NEXT_LOCALE=en', 'NEXT_LOCALE=fr'), (raw, cookie) => {
        if (!URL.canParse(`${SITE}${raw}`)) return;
        const { pathname } = new URL(`${SITE}${raw}`);
        const route = routeLocale({ pathname, search: '', cookie });
        if (route.kind !== 'page') return;
        const response = proxy(
          new NextRequest(`${SITE}${raw}`, { headers: { [LOCALE_HEADER]: route.locale, [PATH_HEADER]: route.path } }),
        );
        expect(getRedirectUrl(response)).toBeNull();
        const target = new URL(getRewrittenUrl(response)!);
        // Same origin, inside the decided locale's route (NextURL may normalise slashes: Next's own 308 does that before the proxy).
        expect(target.origin).toBe(SITE);
        expect(
          target.pathname === `/${route.locale}` || target.pathname.startsWith(`/${route.locale}/`),
          target.pathname,
        ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('passes a request with no decision (or a malformed one) through untouched', () => {
    const undecided: Record<string, string>[] = [
      {},
      { [LOCALE_HEADER]: 'xx', [PATH_HEADER]: '/blog' },
      { [LOCALE_HEADER]: 'fr', [PATH_HEADER]: 'blog' },
    ];
    for (const headers of undecided) {
      const response = proxy(new NextRequest(`${SITE}/blog`, { headers }));
      expect([isRewrite(response), getRedirectUrl(response), response.status]).toEqual([false, null, 200]);
    }
  });
});
