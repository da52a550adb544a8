/**
 * The language rule (lib/i18n/locale-routing.ts routeLocale) as a table of requests and answers,
 * for test support only. Every reader of the rule runs it: the unit test of routeLocale, the front
 * door's integration test, and the deploy's nginx config (its `map`s must redirect exactly these,
 * and nothing else). A case is a GET of `path` with `cookie` as its one Cookie header (null: none);
 * `redirect` is the 307's Location (always `Cache-Control: no-store`), null for no redirect: the
 * page itself, in the language its URL names.
 */
export type LocaleChoiceCase = { path: string; cookie: string | null; redirect: string | null };

const chosen = (cookie: string | null, redirect: string | null) => ({ path: '/blog', cookie, redirect });

export const LOCALE_CHOICE_CASES: readonly LocaleChoiceCase[] = [
  // No choice: every bare path is English, whatever else the visitor sends.
  { path: '/', cookie: null, redirect: null },
  { path: '/blog', cookie: null, redirect: null },
  { path: '/blog?page=2', cookie: 'CookieConsent=true', redirect: null },
  // A language chosen in the menu: its prefix, with the same path and query.
  chosen('NEXT_LOCALE=fr', '/fr/blog'),
  { path: '/', cookie: 'NEXT_LOCALE=fr', redirect: '/fr' },
  { path: '/blog?page=2&q=a', cookie: 'NEXT_LOCALE=de', redirect: '/de/blog?page=2&q=a' },
  { path: '/', cookie: 'NEXT_LOCALE=zh-CN', redirect: '/zh-CN' },
  { path: '/help-centre', cookie: 'CookieConsent=true; NEXT_LOCALE=ar; theme=dark', redirect: '/ar/help-centre' },
  chosen('theme=dark;NEXT_LOCALE=ja', '/ja/blog'),
  chosen('NEXT_LOCALE=ko;theme=dark', '/ko/blog'),
  // English chosen: the English page.
  chosen('NEXT_LOCALE=en', null),
  { path: '/', cookie: 'NEXT_LOCALE=en', redirect: null },
  // An unknown or loosely written value is no choice.
  chosen('NEXT_LOCALE=xx', null),
  chosen('NEXT_LOCALE=FR', null),
  chosen('NEXT_LOCALE=zh-cn', null),
  chosen('NEXT_LOCALE=', null),
  chosen('NEXT_LOCALE', null),
  chosen('NEXT_LOCALE="fr"', null),
  chosen('NEXT_LOCALE=%66r', null),
  chosen('NEXT_LOCALE=fr-FR', null),
  chosen('NEXT_LOCALE=fr ; theme=dark', null),
  chosen('NEXT_LOCALE= fr', null),
  chosen('NEXT_LOCALE=fr=1', null),
  chosen('NEXT_LOCALE=fr,de', null),
  // A loosely spelled name is no choice, even beside a well-spelled one.
  chosen('next_locale=fr', null),
  chosen('Next_Locale=fr', null),
  chosen('NEXT_LOCALE =fr', null),
  chosen('theme=dark;  NEXT_LOCALE=fr', null),
  chosen('theme=dark;\tNEXT_LOCALE=fr', null),
  chosen('NEXT_LOCALE=fr; next_locale=fr', null),
  chosen('NEXT_LOCALE=fr; NEXT_LOCALE =de', null),
  // Sent twice, whatever the values: no choice (parsers disagree on which one wins).
  chosen('NEXT_LOCALE=fr; NEXT_LOCALE=fr', null),
  chosen('NEXT_LOCALE=fr; NEXT_LOCALE=de', null),
  chosen('NEXT_LOCALE=en; theme=dark; NEXT_LOCALE=de', null),
  chosen('NEXT_LOCALE=xx; NEXT_LOCALE=fr', null),
  // Other cookies whose names only contain it.
  chosen('XNEXT_LOCALE=fr', null),
  chosen('NEXT_LOCALE_X=fr', null),
  chosen('__Host-NEXT_LOCALE=fr', null),
  // A prefixed path is its own language, whatever the choice.
  { path: '/fr/blog', cookie: null, redirect: null },
  { path: '/fr/blog', cookie: 'NEXT_LOCALE=de', redirect: null },
  { path: '/fr', cookie: 'NEXT_LOCALE=fr', redirect: null },
  { path: '/zh-CN/help-centre', cookie: 'NEXT_LOCALE=en', redirect: null },
  // English by name goes to its bare path, whatever the choice (and there the choice applies).
  { path: '/en/blog?page=2', cookie: null, redirect: '/blog?page=2' },
  { path: '/en', cookie: 'NEXT_LOCALE=fr', redirect: '/' },
  // Not a page (an API, a feed, a file): never redirected.
  { path: '/api/posts', cookie: 'NEXT_LOCALE=fr', redirect: null },
  { path: '/feed.xml', cookie: 'NEXT_LOCALE=fr', redirect: null },
  { path: '/robots.txt', cookie: 'NEXT_LOCALE=fr', redirect: null },
];
