import { once } from 'node:events';
import { createReadStream, createWriteStream, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { backupLines, BackupError, parseHeader, parseRow, type BackupHeader } from '@/lib/db/backup/format';
import type { RestoreSummary } from '@/lib/db/backup/restore';
import { formatTable } from './table';
import { escapeControls } from './terminal-text';

/**
 * `npm run shop -- backup FILE` and `restore FILE [--merge]`: this side reads and writes the file;
 * the database side (`BackupEngine`) is this process's own database or the server's, over its
 * control socket, which sends the file's bytes gzip'd already. A backup is written beside FILE, read back and checked whole, and only then
 * renamed to FILE: a failed backup never replaces a good one. It holds buyers' names and
 * addresses: owner-only (0600), like DATA_DIR.
 */
export type BackupEngine = {
  backup(write: (bytes: Buffer) => Promise<void>): Promise<{ header: BackupHeader; secretFromEnv: boolean }>;
  restore(source: AsyncIterable<string>, merge: boolean): Promise<RestoreSummary>;
};

export type BackupIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Opened only once the arguments are right. */
  engine: () => Promise<BackupEngine>;
};

class UsageError extends Error {}

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1 << 20
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${(bytes / (1 << 20)).toFixed(1)} MB`;

/** The file's rows, checked against its header: how a backup is known to restore before it is kept. */
async function verify(file: string): Promise<BackupHeader> {
  const input = backupLines(readGunzipped(file))[Symbol.asyncIterator]();
  const first = await input.next();
  const header = parseHeader(first.done ? undefined : first.value);
  const seen = new Map(header.tables.map((t) => [t.name, 0]));
  let number = 1;
  for (let next = await input.next(); !next.done; next = await input.next()) {
    number += 1;
    const row = parseRow(next.value, number);
    seen.set(row.t, (seen.get(row.t) ?? Number.NaN) + 1);
  }
  for (const table of header.tables)
    if (seen.get(table.name) !== table.rows)
      throw new BackupError(
        `The backup did not come out whole (${table.name}: ${seen.get(table.name)} rows of ${table.rows}).`,
      );
  return header;
}

/** A gzip'd file's bytes, a damaged or cut-off file said as such. */
async function* readGunzipped(file: string): AsyncGenerator<Buffer> {
  try {
    // pipeline, not pipe: the file's own errors (gone, unreadable) reach the reader too.
    yield* pipeline(createReadStream(file), createGunzip(), () => undefined);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file ${file}.`);
    if (code?.startsWith('Z_'))
      throw new BackupError(
        `${file} is not a whole backup: ${(error as Error).message} (a gzip'd file cut off or damaged).`,
      );
    throw error;
  }
}

async function backup(file: string, io: BackupIo, json: boolean): Promise<number> {
  const engine = await io.engine();
  const started = performance.now();
  const partial = `${file}.${process.pid}.partial`;
  // Opened here, not by the stream: a failure's clean-up below then always finds the file to remove.
  const output = createWriteStream('', { fd: openSync(partial, 'wx', 0o600) });
  try {
    const { header, secretFromEnv } = await engine.backup(async (bytes) => {
      if (!output.write(bytes)) await once(output, 'drain');
    });
    output.end();
    await finished(output);
    await verify(partial);
    renameSync(partial, file);
    const summary = { file, bytes: statSync(file).size, seconds: (performance.now() - started) / 1000, header };
    if (json) io.out(JSON.stringify(summary, null, 2));
    else
      io.out(
        [
          `Backed up to ${file} (${size(summary.bytes)}, ${summary.seconds.toFixed(1)} s; migration ${header.migration}, from ${header.source}):`,
          formatTable(
            ['table', 'rows'],
            header.tables.map((t) => [t.name, String(t.rows)]),
          ),
        ].join('\n'),
      );
    if (!secretFromEnv)
      io.err(
        'APP_SECRET is not set: links are signed with the key in DATA_DIR/app-secret. Keep a copy of that key with the backup: a restore needs the same key.',
      );
    return 0;
  } catch (error) {
    output.destroy();
    rmSync(partial, { force: true });
    throw error;
  }
}

async function restore(file: string, merge: boolean, io: BackupIo, json: boolean): Promise<number> {
  statSync(file); // a missing file is said before the database is opened (ENOENT, below)
  const engine = await io.engine();
  const started = performance.now();
  const result = await engine.restore(backupLines(readGunzipped(file)), merge);
  const seconds = (performance.now() - started) / 1000;
  if (json) {
    io.out(JSON.stringify({ file, seconds, ...result }, null, 2));
    return 0;
  }
  const { header, tables } = result;
  io.out(
    [
      `Restored ${file} (made ${header.createdAt} on ${header.source}, migration ${header.migration}) in ${seconds.toFixed(1)} s:`,
      formatTable(
        ['table', 'in backup', 'restored', 'skipped'],
        tables.map((t) => [t.name, String(t.rows), String(t.restored), String(t.skipped)]),
      ),
    ].join('\n'),
  );
  const skipped = tables.filter((t) => t.skipped > 0);
  if (skipped.length)
    io.out(
      `Already here, so skipped: ${skipped.map((t) => `${t.skipped} of ${t.name}`).join(', ')} (an order that was here keeps its own downloads and mail).`,
    );
  return 0;
}

/** Runs `backup` or `restore`; exit code 0 done, 1 not possible (not a backup, another key…), 2 wrong arguments. */
export async function runBackupCommand(argv: string[], io: BackupIo, usage: string): Promise<number> {
  const json = argv.includes('--json');
  const merge = argv.includes('--merge');
  const [command, ...rest] = argv.filter((arg) => arg !== '--json' && arg !== '--merge');
  const err = (text: string) => io.err(escapeControls(text, { keepNewlines: true }));
  const safe: BackupIo = { ...io, out: (text) => io.out(escapeControls(text, { keepNewlines: true })), err };
  try {
    const file = rest[0];
    if (!file || file.startsWith('--') || rest.length > 1)
      throw new UsageError(`${command} needs one file (npm run shop -- ${command} <file>)`);
    if (merge && command === 'backup') throw new UsageError('--merge is for restore');
    return command === 'backup' ? await backup(file, safe, json) : await restore(file, merge, safe, json);
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\n\n${usage}`);
      return 2;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof BackupError) err(error.message);
    else if (code === 'ENOENT' && command === 'restore') err(`There is no file ${rest[0]}.`);
    else if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && (error as { path?: string }).path)
      err(`${rest[0]} cannot be ${command === 'restore' ? 'read' : 'written'}: ${(error as Error).message}`);
    else throw error;
    return 1;
  }
}
