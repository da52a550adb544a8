import 'server-only';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { processSingleton } from '@/lib/process-singleton';
import { COMMITTED_BOOKS_DIR, readManifest, sha256, type BookManifest } from './book/manifest';
import { editions, type Edition } from './catalogue';
import { SAMPLE_FORMATS, type SampleFormat } from './sample-links';
import type { SampleBytes } from './sample-answer';

/**
 * The committed sample files (content/books, made by `npm run books`), read once per process and
 * kept: 34 files of a few hundred KB. Each is found through the manifest, never through a path made
 * from a request, read no further than its recorded size (and never past 8 MB), and checked against
 * its recorded sha256, which is also its ETag.
 */
const MAX_SAMPLE_BYTES = 8 * 1024 * 1024;
const memory = processSingleton('samples', () => ({
  manifest: undefined as BookManifest | undefined,
  files: new Map<string, Promise<SampleBytes>>(),
}));

async function read(edition: Edition, format: SampleFormat): Promise<SampleBytes> {
  const manifest = (memory.manifest ??= readManifest());
  const record = manifest.editions[edition.id]?.sample?.[format];
  if (!record) throw new Error(`The ${edition.id} edition has no sample ${format}: run \`npm run books\``);
  if (record.bytes > MAX_SAMPLE_BYTES) throw new Error(`${record.file} is larger than a sample may be`);
  const handle = await open(join(COMMITTED_BOOKS_DIR, record.file), 'r');
  try {
    const bytes = new Uint8Array(record.bytes);
    const { bytesRead } = await handle.read(bytes, 0, record.bytes, 0);
    if (bytesRead !== record.bytes || sha256(bytes) !== record.sha256)
      throw new Error(`${record.file} is not the file the manifest describes`);
    return { bytes, sha256: record.sha256 };
  } finally {
    await handle.close();
  }
}

/** An edition's sample in one format: from memory, else read from content/books (a failed read is tried again next time). */
export function sampleFile(edition: Edition, format: SampleFormat): Promise<SampleBytes> {
  const key = `${edition.id}.${format}`;
  let file = memory.files.get(key);
  if (!file) {
    file = read(edition, format).catch((error: unknown) => {
      memory.files.delete(key);
      throw error;
    });
    memory.files.set(key, file);
  }
  return file;
}

/** Reads every sample at start-up (lib/health/readiness.ts): a missing or altered one keeps the instance not ready. */
export async function warmSamples(): Promise<void> {
  for (const edition of editions) for (const format of SAMPLE_FORMATS) await sampleFile(edition, format);
}
