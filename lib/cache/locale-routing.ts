import type { NextRequest } from 'next/server';
import { LOCALE_COOKIE } from '@/lib/i18n/routing';

/**
 * next-intl's routing answer (redirect or not, its Link and Set-Cookie headers) remembered
 * per input, so a page served from the cache skips the middleware run (about a third of
 * a cached answer's cost). The key holds everything next-intl 4's middleware reads: the
 * URL, the locale cookie, Accept-Language, Sec-Fetch-Dest and the host and forwarding
 * headers (node_modules/next-intl/dist/esm/development/middleware/*.js).
 */
export type LocaleRouting = { redirect: boolean; headers: [string, string][] };

const MAX_ENTRIES = 2_000;
const memo = new Map<string, LocaleRouting>();

const INPUT_HEADERS = ['accept-language', 'sec-fetch-dest', 'host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];

export function routingKey(request: NextRequest): string {
  const inputs = [request.nextUrl.href, request.cookies.get(LOCALE_COOKIE)?.value ?? ''];
  for (const name of INPUT_HEADERS) inputs.push(request.headers.get(name) ?? '');
  return inputs.join('\n');
}

export function knownRouting(key: string): LocaleRouting | undefined {
  return memo.get(key);
}

/** Keeps, and returns, what a visitor needs from next-intl's response; the x-middleware-* signals are Next's. */
export function rememberRouting(key: string, routed: Response): LocaleRouting {
  const headers: [string, string][] = [];
  routed.headers.forEach((value, name) => {
    if (name === 'link' || name === 'set-cookie') headers.push([name, value]);
  });
  if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value!);
  const routing = { redirect: routed.headers.has('location'), headers };
  memo.set(key, routing);
  return routing;
}
