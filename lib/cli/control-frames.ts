import { BackupError } from '@/lib/db/backup/format';
import { MAX_LINE, type ControlMessage } from '@/lib/server/control-socket';

// The server sends a gzip stream's chunks (16 kB each): a larger frame is not from it.
const MAX_FRAME = 1 << 20;

/**
 * What the server's control socket answers (control-socket.ts has the protocol), read from its
 * bytes: each JSON message line, and each data frame's bytes as one Buffer. A line or a frame
 * past its bound is refused rather than held.
 */
export async function* controlAnswers(chunks: AsyncIterable<Buffer>): AsyncGenerator<ControlMessage | Buffer> {
  const notUnderstood = () => new BackupError('The server’s answer is not understood.');
  let buffer: Buffer = Buffer.alloc(0);
  let frame: number | undefined; // bytes of a data frame still to come, once its line is read
  for await (const chunk of chunks) {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (frame !== undefined) {
        if (buffer.length < frame) break;
        yield buffer.subarray(0, frame);
        buffer = buffer.subarray(frame);
        frame = undefined;
        continue;
      }
      const end = buffer.indexOf(10);
      if (end < 0) {
        if (buffer.length > MAX_LINE) throw notUnderstood();
        break;
      }
      let message: ControlMessage | { data: number };
      try {
        message = JSON.parse(buffer.subarray(0, end).toString('utf8')) as ControlMessage | { data: number };
      } catch {
        throw notUnderstood();
      }
      buffer = buffer.subarray(end + 1);
      if (!message || typeof message !== 'object') throw notUnderstood();
      if ('data' in message) {
        if (!Number.isInteger(message.data) || message.data < 0 || message.data > MAX_FRAME) throw notUnderstood();
        frame = message.data;
      } else yield message;
    }
  }
}
