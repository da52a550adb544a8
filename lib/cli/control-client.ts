import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { BackupError, type BackupHeader } from '@/lib/db/backup/format';
import type { RestoreSummary } from '@/lib/db/backup/restore';
import type { BackupEngine } from './backup';
import { controlAnswers } from './control-frames';

/**
 * `npm run shop`'s side of the server's control socket (lib/server/control-socket.ts has the
 * protocol): while a server holds the embedded database, the commands run in that server.
 */

/** A connection to the server answering on `path`; undefined when none does (none runs, or one was killed). */
export function connectControl(path: string): Promise<Socket | undefined> {
  return new Promise((done, fail) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.off('error', refused);
      done(socket);
    });
    const refused = (error: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(error.code ?? '') ? done(undefined) : fail(error);
    socket.once('error', refused);
  });
}

type Answer = { exit: number; result?: unknown; error?: string };

/** Sends one request (and its body's lines), passes on what comes back, and resolves with the exit code. */
async function call(
  socket: Socket,
  request: object,
  handlers: {
    body?: AsyncIterable<string>;
    data?: (bytes: Buffer) => Promise<void>;
    out?: (text: string) => void;
    err?: (text: string) => void;
  },
): Promise<Answer> {
  let answer: Answer | undefined;
  const closed = once(socket, 'close').catch(() => undefined);
  socket.on('error', () => undefined); // seen by the reads and writes below
  const send = async () => {
    socket.write(`${JSON.stringify(request)}\n`);
    if (handlers.body)
      for await (const line of handlers.body) {
        if (answer || socket.destroyed) return; // the server answered already (a refusal) or went away
        if (!socket.write(`${line}\n`)) await Promise.race([once(socket, 'drain'), closed]);
      }
    if (!socket.destroyed) socket.end();
  };
  const receive = async () => {
    let error: string | undefined;
    let result: unknown;
    for await (const message of controlAnswers(socket)) {
      if (Buffer.isBuffer(message)) {
        await handlers.data?.(message);
        continue;
      }
      if ('out' in message) handlers.out?.(message.out);
      else if ('err' in message) handlers.err?.(message.err);
      else if ('error' in message) error = message.error;
      else if ('result' in message) result = message.result;
      else if ('exit' in message) return (answer = { exit: message.exit, error, result });
    }
    throw new BackupError('The server stopped answering before the command finished (its log may say why).');
  };
  try {
    const [, received] = await Promise.all([
      send().catch((error: unknown) => {
        socket.destroy(); // the server's restore sees the input end short and keeps nothing
        throw error;
      }),
      receive(),
    ]);
    return received;
  } catch (error) {
    if (answer) return answer; // the server answered; a write after it is nobody's concern
    throw error;
  } finally {
    socket.destroy();
  }
}

/** Backups and restores done by the server (exit code 1 with its message: a BackupError). */
export const remoteBackups = (socket: Socket): BackupEngine => ({
  backup: async (write) => {
    const answer = await call(socket, { command: 'backup' }, { data: write });
    if (answer.exit !== 0) throw new BackupError(answer.error ?? 'The backup failed (the server’s log says why).');
    return answer.result as { header: BackupHeader; secretFromEnv: boolean };
  },
  restore: async (source, merge) => {
    const answer = await call(socket, { command: 'restore', merge }, { body: source });
    if (answer.exit !== 0) throw new BackupError(answer.error ?? 'The restore failed (the server’s log says why).');
    return answer.result as RestoreSummary;
  },
});

/** One of the other `npm run shop` commands, run by the server; its output is printed here. */
export async function remoteShop(
  socket: Socket,
  argv: string[],
  io: { out: (text: string) => void; err: (text: string) => void },
): Promise<number> {
  const answer = await call(socket, { command: 'shop', argv }, io);
  if (answer.error) io.err(answer.error);
  return answer.exit;
}
