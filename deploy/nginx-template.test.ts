import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consentFromCookieHeader } from '@/lib/consent/request';
import { locales } from '@/lib/i18n/locales';
import { chosenLocale } from '@/lib/i18n/locale-routing';
import { LOCALE_CHOICE_CASES } from '@/lib/i18n/locale-choice-cases';
import { NGINX_PLACEHOLDERS, fillNginxTemplate, type NginxValues } from './nginx';

/**
 * deploy/nginx.conf.template read as text: its cache rules as written, and its consent maps run by
 * a small model of nginx's `map` (exact strings first, then the regexes in order, `~*` ignoring
 * case) against the origin's own reading (lib/consent/request.ts). The same maps run in the real
 * nginx in deploy/nginx-cache.integration.test.ts.
 */
const template = readFileSync(join(__dirname, 'nginx.conf.template'), 'utf8');
// Comments dropped: only what nginx reads counts.
const config = template.replace(/#[^\n]*/g, '');

type NginxMap = { fallback: string; exact: Map<string, string>; regexes: { regex: RegExp; value: string }[] };

function nginxMap(target: string): NginxMap {
  const start = config.search(new RegExp(`map\\s+\\S+\\s+\\$${target}\\s*\\{`));
  if (start < 0) throw new Error(`no map for $${target}`);
  const body = config.slice(config.indexOf('{', start) + 1, config.indexOf('\n  }', start));
  const map: NginxMap = { fallback: '', exact: new Map(), regexes: [] };
  const unquote = (word: string) => (word.startsWith('"') ? word.slice(1, -1) : word);
  for (const line of body.split('\n').map((l) => l.trim())) {
    if (!line) continue;
    const [, key = '', value = ''] = /^("[^"]*"|\S+)\s+("[^"]*"|\S+);$/.exec(line) ?? [];
    if (!key) throw new Error(`unread line in $${target}: ${line}`);
    const source = unquote(key);
    if (source === 'default') map.fallback = unquote(value);
    else if (source.startsWith('~*'))
      map.regexes.push({ regex: new RegExp(source.slice(2), 'i'), value: unquote(value) });
    else if (source.startsWith('~')) map.regexes.push({ regex: new RegExp(source.slice(1)), value: unquote(value) });
    else map.exact.set(source, unquote(value));
  }
  return map;
}

function evaluate(map: NginxMap, input: string): string {
  const exact = map.exact.get(input);
  if (exact !== undefined) return exact;
  for (const { regex, value } of map.regexes) {
    const match = regex.exec(input);
    if (match) return value.replace(/\$(\w+)/g, (_all, name: string) => match.groups?.[name] ?? '');
  }
  return map.fallback;
}

const maps = {
  decision: nginxMap('consent_decision'),
  saved: nginxMap('consent_saved'),
  state: nginxMap('consent_state'),
};
/** nginx's consent state for a Cookie header: none, accepted, rejected, or "" (not cached). */
const nginxConsent = (cookie: string) =>
  evaluate(maps.state, `${evaluate(maps.decision, cookie)}:${evaluate(maps.saved, cookie)}`);
const ORIGIN_READS = { none: 'unset', accepted: 'accepted', rejected: 'refused' } as const;

describe('deploy/nginx.conf.template: the consent maps (issue 47, goal C)', () => {
  it('read the three states as the origin does, and leave every odd cookie to the origin', () => {
    const preferences = encodeURIComponent('{"advertising":false,"marketing":true,"analytics":false}');
    const cases: [cookie: string, nginx: string][] = [
      ['', 'none'],
      ['theme=dark; NEXT_LOCALE=fr', 'none'],
      ['CookieConsent=true', 'accepted'],
      ['CookieConsent=false', 'rejected'],
      [`a=1;CookieConsent=true; cookie_preferences=${preferences}`, 'accepted'],
      [`cookie_preferences=${preferences}; CookieConsent=false; b=2`, 'rejected'],
      // Garbage, doubled, oddly spelled: not cached, the origin reads no decision.
      ['CookieConsent=TRUE', ''],
      ['CookieConsent=yes', ''],
      ['CookieConsent=', ''],
      ['CookieConsent= true', ''],
      ['CookieConsent="true"', ''],
      ['CookieConsent=%74rue', ''],
      ['CookieConsent', ''],
      ['cookieconsent=true', ''],
      ['COOKIECONSENT=false', ''],
      ['CookieConsent =true', ''],
      ['a=b;  CookieConsent=true', ''],
      ['a=b;\tCookieConsent=true', ''],
      ['CookieConsent=true; CookieConsent=true', ''],
      ['CookieConsent=x; CookieConsent=true', ''],
      ['CookieConsent=true; cookieconsent=false', ''],
      [`CookieConsent=true; cookie_preferences=${preferences}; cookie_preferences=x`, ''],
      [`CookieConsent=true; cookie_preferences =${preferences}`, ''],
      [`cookie_preferences=${preferences}`, ''],
    ];
    for (const [cookie, expected] of cases) {
      expect(nginxConsent(cookie), cookie).toBe(expected);
      if (expected) expect(consentFromCookieHeader(cookie).decision, cookie).toBe(ORIGIN_READS[expected as 'none']);
      else expect(consentFromCookieHeader(cookie).decision, cookie).toBe('unset');
    }
  });

  it('never name a state the origin would not render for the same Cookie header (property)', () => {
    const name = fc.constantFrom(
      'CookieConsent',
      'cookieconsent',
      'COOKIECONSENT',
      'CookieConsent ',
      ' CookieConsent',
      '\tCookieConsent',
      'cookie_preferences',
      'Cookie_Preferences',
      'cookie_preferences ',
      'NEXT_LOCALE',
      'theme',
      'xCookieConsent',
    );
    const value = fc.constantFrom('true', 'false', 'TRUE', ' true', 'true ', '', '"false"', 'x', '%7B%7D', 'true;');
    const pair = fc.oneof(
      fc.tuple(name, value).map(([n, v]) => `${n}=${v}`),
      name,
      fc.string({ maxLength: 8 }),
    );
    const header = fc
      .tuple(
        fc.array(pair, { maxLength: 5 }),
        fc.array(fc.constantFrom('; ', ';', ';  ', ';\t'), { minLength: 5, maxLength: 5 }),
      )
      .map(([pairs, separators]) => pairs.map((p, i) => (i ? separators[i]! : '') + p).join(''));
    fc.assert(
      fc.property(header, (cookie) => {
        const state = nginxConsent(cookie);
        if (state) expect(consentFromCookieHeader(cookie).decision).toBe(ORIGIN_READS[state as 'none']);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('deploy/nginx.conf.template: the language maps (DESIGN.md §5 difference 12)', () => {
  const choice = nginxMap('locale_choice');
  // What nginx decides from the cookie: "" (English: no redirect), a language (a redirect), "*" (the origin decides).
  const agrees = (cookie: string) => {
    const nginx = evaluate(choice, cookie);
    const origin = chosenLocale(cookie);
    return nginx === '*' || nginx === (origin === 'en' || origin === null ? '' : origin);
  };

  it('read every cookie of the origin’s table as the origin does', () => {
    for (const { cookie } of LOCALE_CHOICE_CASES) expect(agrees(cookie ?? ''), String(cookie)).toBe(true);
    expect(evaluate(choice, 'theme=dark; NEXT_LOCALE=zh-CN')).toBe('zh-CN');
    expect(evaluate(choice, 'NEXT_LOCALE=en')).toBe('');
    for (const doubtful of [
      'NEXT_LOCALE=fr; NEXT_LOCALE=fr',
      'next_locale=fr',
      'NEXT_LOCALE=FR',
      'a=b;  NEXT_LOCALE=fr',
    ])
      expect(evaluate(choice, doubtful), doubtful).toBe('*');
  });

  it('never choose a language the origin would not (property, random Cookie headers)', () => {
    const name = fc.constantFrom(
      'NEXT_LOCALE',
      'next_locale',
      'NEXT_LOCALE ',
      ' NEXT_LOCALE',
      'XNEXT_LOCALE',
      'NEXT_LOCALE_X',
      'theme',
    );
    const value = fc.constantFrom(...locales, 'FR', 'zh-cn', '', ' fr', 'fr ', '"fr"', '%66r', 'fr=1', 'xx');
    const pair = fc.oneof(
      fc.tuple(name, value).map(([n, v]) => `${n}=${v}`),
      name,
      fc.string({ maxLength: 6 }),
    );
    const separator = fc.constantFrom('; ', ';', ';  ', ';\t');
    const header = fc
      .array(fc.tuple(separator, pair), { maxLength: 4 })
      .map((pairs) => pairs.map(([s, p], i) => (i ? s : '') + p).join(''));
    fc.assert(fc.property(header, agrees), { numRuns: 5_000 });
  });
});

describe('deploy/nginx.conf.template: its rules as written', () => {
  it('has a value for each placeholder and no placeholder without one', () => {
    const used = new Set([...template.matchAll(/\$\{([A-Z_]+)\}/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual([...NGINX_PLACEHOLDERS].sort());
    const values = Object.fromEntries(NGINX_PLACEHOLDERS.map((name) => [name, `<${name}>`])) as NginxValues;
    expect(fillNginxTemplate(template, values)).not.toMatch(/\$\{[A-Z_]+\}/);
    const { BUILD_ID: _missing, ...rest } = values;
    expect(() => fillNginxTemplate(template, rest as NginxValues)).toThrow('no value for ${BUILD_ID}');
  });

  it('names the site’s languages, and only those, where it reads a language', () => {
    const languagesOf = (target: string) =>
      nginxMap(target)
        .regexes.map(
          ({ regex }) =>
            /\(\?(?:<\w+>|:)((?:[a-z]{2}(?:-[A-Z]{2})?\|)+[a-z]{2}(?:-[A-Z]{2})?)\)/.exec(regex.source)?.[1],
        )
        .filter(Boolean)
        .map((list) => list!.split('|'));
    // The language menu's choice: every language but English (English is the bare paths).
    expect(languagesOf('locale_choice')).toEqual([locales.filter((l) => l !== 'en')]);
    // A prefixed path: every language's prefix, /en/… included (the origin redirects that one).
    expect(languagesOf('request_kind')).toEqual([[...locales]]);
  });

  it('caches documents as the issue says: the origin’s expiry, lock, background update, stale on errors, X-Cache', () => {
    // The TLS server's `location /` (the plain-http server's only redirects).
    const documents = /location \/ \{([\s\S]*?)\n {4}\}/.exec(config.slice(config.lastIndexOf('location / {')))![1]!;
    for (const directive of [
      'proxy_cache documents;',
      'proxy_cache_lock on;',
      'proxy_cache_background_update on;',
      'proxy_cache_revalidate on;',
      'proxy_cache_use_stale error timeout http_500 http_502 http_503 http_504;',
      'add_header X-Cache $upstream_cache_status always;',
    ])
      expect(documents).toContain(directive);
    expect(documents).toMatch(/proxy_cache_key "\$\{BUILD_ID\}\|\$\{SITE_URL\}\$request_uri\|\$consent_state\|/);
    // s-maxage decides how long a document is kept; stale copies of any age are never served while updating.
    expect(documents).not.toContain('proxy_cache_valid');
    expect(documents).not.toMatch(/proxy_cache_use_stale[^;]*updating/);
    // A response that sets a cookie is never stored.
    expect(config).not.toMatch(/proxy_ignore_headers[^;]*Set-Cookie/i);
    expect(config).toMatch(/proxy_buffer_size (?:16|32)k;/);
  });
});
