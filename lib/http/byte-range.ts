/** What a GET's Range asks of a representation: all of it, one part (first and last byte, inclusive), or nothing it has. */
export type RangeAnswer =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const FULL: RangeAnswer = { kind: 'full' };
// More digits than a safe integer holds: not a byte position this server could have.
const SPEC = /^(\d{0,15})-(\d{0,15})$/;

/**
 * The part of a representation of `length` bytes, with the strong `etag`, that a GET with these
 * `Range` and `If-Range` headers is answered with (RFC 9110 §13.1.5, §14.1–14.2). One range only:
 * `bytes=a-b`, `bytes=a-` or `bytes=-n`. Several ranges, another unit or a malformed header get
 * the whole representation, as a server may answer any Range. If-Range keeps the range only while
 * its entity tag is this one, strongly compared: a date (this server sends no Last-Modified) or
 * another tag means the client's part belongs to another copy, so it gets the whole new one.
 */
export function requestedRange(
  range: string | null,
  ifRange: string | null,
  etag: string,
  length: number,
): RangeAnswer {
  if (range === null) return FULL;
  if (ifRange !== null && ifRange.trim() !== etag) return FULL;
  const unit = /^\s*bytes\s*=(.*)$/is.exec(range);
  if (!unit) return FULL;
  const specs = unit[1]!
    .split(',')
    .map((spec) => spec.trim())
    .filter(Boolean);
  if (specs.length !== 1) return FULL;
  const [, first = '', last = ''] = SPEC.exec(specs[0]!) ?? [];
  if (first === '' && last === '') return FULL;
  if (first === '') {
    // The last n bytes; "-0" asks for none of them.
    const suffix = Number(last);
    return suffix === 0 || length === 0
      ? { kind: 'unsatisfiable' }
      : { kind: 'partial', start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return FULL; // an invalid range-spec: the whole header is ignored
  if (start >= length) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: last === '' ? length - 1 : Math.min(Number(last), length - 1) };
}
