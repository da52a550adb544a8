/**
 * The text lines of a byte stream (a socket, a gunzip's output), none longer than `max` bytes:
 * a peer or a file can send gigabytes without a line break, which are refused (`tooLong`'s error)
 * rather than held in memory. A last line without a line break is a line too.
 */
export async function* lines(
  chunks: AsyncIterable<Buffer | string>,
  max: number,
  tooLong: () => Error,
): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let size = 0;
  for await (const raw of chunks) {
    let chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
    for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10)) {
      if (size + end > max) throw tooLong();
      pending.push(chunk.subarray(0, end));
      yield pending.length === 1 ? pending[0]!.toString('utf8') : Buffer.concat(pending).toString('utf8');
      pending = [];
      size = 0;
      chunk = chunk.subarray(end + 1);
    }
    size += chunk.length;
    if (size > max) throw tooLong();
    if (chunk.length) pending.push(chunk);
  }
  if (size > 0) yield Buffer.concat(pending).toString('utf8');
}
