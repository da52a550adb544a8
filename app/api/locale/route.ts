import { env } from '@/lib/env';
import { samePageIn } from '@/lib/i18n/language-choice';
import { localeCookie } from '@/lib/i18n/locale-routing';
import { isLocale, locales } from '@/lib/i18n/locales';
import { isCrossSite, jsonError } from '@/lib/security/json-request';

/**
 * GET /api/locale?to=fr&path=/blog: a choice in the language menu (components/layout/LocaleSwitcher.tsx),
 * a plain link, so it works without JavaScript. It is the only thing that sets NEXT_LOCALE, which
 * then takes the visitor's bare paths to that language (lib/i18n/locale-routing.ts), and answers
 * 303 to the same page in that language (English: its bare path). No page sets a cookie, so pages
 * can be shared by caches; this answer is never stored. A link from another site lands on the page
 * but changes no one's choice (Fetch Metadata, then Origin: lib/security/json-request.ts).
 */
export function GET(request: Request) {
  const query = new URL(request.url).searchParams;
  const to = query.get('to');
  if (!isLocale(to))
    return jsonError(400, 'unknown_language', `Unknown language: "to" must be one of ${locales.join(', ')}.`);
  const headers = new Headers({ Location: samePageIn(to, query.get('path')), 'Cache-Control': 'no-store' });
  // The front door's word for the connection's scheme (it drops a client's own X-Forwarded-Proto).
  const https = request.headers.get('x-forwarded-proto') === 'https';
  if (!isCrossSite(request, env().siteUrl)) headers.set('Set-Cookie', localeCookie(to, https));
  return new Response(null, { status: 303, headers });
}
