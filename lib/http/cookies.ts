export const AMBIGUOUS_COOKIE = Symbol('ambiguous cookie');

/**
 * The one value of the cookie named exactly `name` in a Cookie request header, read strictly:
 * undefined if no cookie has that name, AMBIGUOUS_COOKIE if it is sent twice, spelled loosely
 * (another case, a space around its name, more than the one space after ';') or has no '='. The
 * value is not decoded. Cookie parsers disagree on such cookies (first wins or last, names
 * trimmed or not), so anything a second reader could take another way is no value at all. The
 * consent and locale cookies are read by this rule, and so must a cache in front (the deploy's nginx).
 */
export function strictCookie(header: string | undefined, name: string): string | undefined | typeof AMBIGUOUS_COOKIE {
  const alike = (header ?? '')
    .split(';')
    .map((pair) => pair.replace(/^ /, '')) // the one space after each ';' (RFC 6265 §4.2.1)
    .filter(
      (pair) =>
        (pair.includes('=') ? pair.slice(0, pair.indexOf('=')) : pair).trim().toLowerCase() === name.toLowerCase(),
    );
  if (alike.length === 0) return undefined;
  return alike.length === 1 && alike[0]!.startsWith(`${name}=`) ? alike[0]!.slice(name.length + 1) : AMBIGUOUS_COOKIE;
}
