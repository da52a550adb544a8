type Entry = { value: string; q: number; index: number };

// RFC 9110 §12.4.2: a weight is 0 to 1 with at most three decimals; anything else is unreadable.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Every entry of an Accept-style header as written, lower-cased, with its q: 1 when unsaid, 0 when unreadable. */
function entries(header: string | null | undefined): Entry[] {
  return String(header ?? '')
    .split(',')
    .map((part, index) => {
      const [value = '', ...params] = part.split(';').map((piece) => piece.trim());
      const weight = params.find((param) => /^q=/i.test(param))?.slice(2);
      const q = weight === undefined ? 1 : QVALUE.test(weight) ? Number(weight) : 0;
      return { value: value.toLowerCase(), q, index };
    })
    .filter((entry) => entry.value !== '');
}

/**
 * The values of an Accept-style header (Accept-Language, Accept-Encoding) a client takes, most
 * wanted first: lower-cased, each with its `q` (1 when unsaid), those with q=0 (or an unreadable
 * q) left out, equal qualities in the order the client wrote them.
 */
export function qualityList(header: string | null | undefined): { value: string; q: number }[] {
  return entries(header)
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ value, q }) => ({ value, q }));
}

const IDENTITY = 'identity';
// RFC 9110 §8.4.1: a recipient should read x-gzip and x-compress as gzip and compress.
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip', 'x-compress': 'compress' };
// Below every weight a client can write (0.001): identity, unlisted, goes last but is still acceptable.
const UNLISTED_IDENTITY = 0.0001;

/**
 * The content coding to send (RFC 9110 §12.5.3), one of `offered` (the server's codings, most
 * preferred first) or 'identity' (the body as it is). A coding the client lists is acceptable
 * unless its q is 0; `*` stands for every coding it does not list, identity included; identity is
 * acceptable unless refused by `identity;q=0`, or by `*;q=0` with no entry of its own. The highest
 * q wins, the server's order breaks a tie, and identity goes after an equal coding. No header:
 * identity (a client that says nothing may read nothing else).
 *
 * When nothing is acceptable (`identity;q=0`, `*;q=0`), this still answers identity rather than
 * 406: every client can read an unencoded body, a 406 would break a page for a client whose header
 * is merely odd, and RFC 9110 lets a server disregard the header (RFC 7231 moved away from 406 here
 * on purpose). Every place that compresses asks this one function (the static files' copies and the
 * front door's compression), so a refusal means the same everywhere.
 */
export function negotiateEncoding(header: string | null | undefined, offered: readonly string[]): string {
  if (header === undefined || header === null) return IDENTITY;
  const listed = entries(header).map((entry) => ({ ...entry, value: ALIASES[entry.value] ?? entry.value }));
  // A coding listed twice counts with its lower weight: a refusal anywhere is a refusal.
  const weightOf = (value: string) => {
    const own = listed.filter((entry) => entry.value === value);
    return own.length ? Math.min(...own.map((entry) => entry.q)) : undefined;
  };
  const star = weightOf('*');
  const quality = (coding: string) => weightOf(coding) ?? star ?? (coding === IDENTITY ? UNLISTED_IDENTITY : 0);
  let best = IDENTITY;
  let bestQ = 0;
  for (const coding of [...offered, IDENTITY]) {
    const q = quality(coding);
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  return best;
}
