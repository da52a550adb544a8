/**
 * The values of an Accept-style header (Accept-Language, Accept-Encoding) a client takes, most
 * wanted first: lower-cased, each with its `q` (1 when unsaid), those with q=0 (or an unreadable
 * q) left out, equal qualities in the order the client wrote them.
 */
export function qualityList(header: string | null | undefined): { value: string; q: number }[] {
  return String(header ?? '')
    .split(',')
    .map((part, index) => {
      const [value = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .map((p) => p.trim())
          .find((p) => p.startsWith('q='))
          ?.slice(2) ?? '1',
      );
      return { value: value.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.value && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ value, q }) => ({ value, q }));
}
