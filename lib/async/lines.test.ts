import { describe, expect, it } from 'vitest';
import { lines } from './lines';

async function* chunks(...parts: (string | Buffer)[]) {
  yield* parts;
}
const all = async (source: AsyncIterable<string>) => {
  const out: string[] = [];
  for await (const line of source) out.push(line);
  return out;
};
const tooLong = () => new Error('too long');

describe('lines', () => {
  it('splits lines across chunk boundaries, multi-byte characters included, and keeps a last line without a break', async () => {
    const text = Buffer.from('première\nligne, été\n\nfin');
    const parts = [text.subarray(0, 3), text.subarray(3, 12), text.subarray(12, 13), text.subarray(13)];
    expect(await all(lines(chunks(...parts), 100, tooLong))).toEqual(['première', 'ligne, été', '', 'fin']);
    expect(await all(lines(chunks('a\n'), 100, tooLong))).toEqual(['a']);
  });

  it('refuses a line longer than the bound, whether it arrives in one chunk or many', async () => {
    await expect(all(lines(chunks('x'.repeat(11), '\n'), 10, tooLong))).rejects.toThrow('too long');
    await expect(all(lines(chunks('xxxxx', 'xxxxx', 'x'), 10, tooLong))).rejects.toThrow('too long');
    await expect(all(lines(chunks('xxxxx', 'xxxxxx\n'), 10, tooLong))).rejects.toThrow('too long');
    expect(await all(lines(chunks('xxxxx', 'xxxxx\n', 'y'), 10, tooLong))).toEqual(['x'.repeat(10), 'y']);
  });
});
