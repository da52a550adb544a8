/**
 * The one rule for "this names a path on our own site" (docs/security.md, third review): a cover
 * from a content backend, a document's link, a path the locale prefix goes on, the language
 * redirect's target. A string passes only if it starts with '/' and a browser resolving it against
 * our origin stays there (WHATWG URL: tabs and newlines dropped, '\' read as '/', so '//x', '/\x'
 * and '/<tab>/x' name the host x), both as written and with its ASCII %-escapes decoded once (a
 * proxy, a CDN or a router that decodes must not find '//x' in '/%2F%2Fx' either). C0 controls and
 * DEL never pass. Shared by server and client code, so this file imports nothing.
 */
export function isSameOriginPath(path: string): boolean {
  if (!path.startsWith('/') || /[\u0000-\u001f\u007f]/.test(path)) return false;
  const decoded = path.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return [path, decoded].every((form) => PROBES.every((origin) => resolvesOn(form, origin)));
}

// Two origins of different schemes and hosts: a path that names a host of its own (even one of these) leaves one of them.
const PROBES = ['http://same-origin-a.invalid', 'https://same-origin-b.invalid'];

const resolvesOn = (path: string, origin: string) =>
  URL.canParse(path, origin) && new URL(path, origin).origin === origin;
