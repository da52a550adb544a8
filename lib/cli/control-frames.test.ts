import { describe, expect, it } from 'vitest';
import { controlAnswers } from './control-frames';

async function* chunks(...parts: Buffer[]) {
  yield* parts;
}
const all = async (...parts: Buffer[]) => {
  const out: unknown[] = [];
  for await (const answer of controlAnswers(chunks(...parts)))
    out.push(Buffer.isBuffer(answer) ? answer.toString() : answer);
  return out;
};

describe('the control socket’s answers', () => {
  it('reads message lines and data frames, however the bytes are cut into chunks', async () => {
    const bytes = Buffer.from('{"out":"hé"}\n{"data":5}\nab\ncd{"data":0}\n{"exit":0}\n');
    const whole = await all(bytes);
    expect(whole).toEqual([{ out: 'hé' }, 'ab\ncd', '', { exit: 0 }]);
    for (let cut = 1; cut < bytes.length; cut += 1)
      expect(await all(bytes.subarray(0, cut), bytes.subarray(cut)), `cut at ${cut}`).toEqual(whole);
  });

  it('refuses a frame past its bound, a line that is not JSON, and a line that never ends', async () => {
    await expect(all(Buffer.from(`{"data":${2 << 20}}\n`))).rejects.toThrow('The server’s answer is not understood.');
    await expect(all(Buffer.from('{"data":-1}\n'))).rejects.toThrow('not understood');
    await expect(all(Buffer.from('hello\n'))).rejects.toThrow('not understood');
    await expect(all(Buffer.from('null\n'))).rejects.toThrow('not understood');
    await expect(all(Buffer.alloc(3 << 20, 'x'))).rejects.toThrow('not understood');
  });
});
