// The stamped EPUB, measured at the function the download route calls (lib/shop/book/base-epubs.ts
// `stampedEpub`), without HTTP or the database: 60 copies of the largest edition's EPUB, 10 at a time, each
// timed from its start, so waiting behind the others counts. `--busy` (or { busy: true }) keeps
// both cores busy with two spinning processes meanwhile. `node bench/epub.mjs [--busy]` alone.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { ROOT, TMP, ensureTmp } from './lib.mjs';

/** The edition whose committed EPUB is the largest. */
function largestEpub() {
  const dir = join(ROOT, 'content', 'books');
  const epubs = readdirSync(dir).flatMap((name) => {
    const id = /^the-love-blueprint-(.+)-[0-9a-f]{16}\.epub$/.exec(name)?.[1];
    return id ? [{ id, bytes: statSync(join(dir, name)).size }] : [];
  });
  const largest = epubs.sort((a, b) => b.bytes - a.bytes)[0];
  if (!largest) throw new Error(`no EPUB in ${dir}`);
  return { id: largest.id, kb: Math.round(largest.bytes / 1024) };
}

/** Two processes spinning a core each, stopped by the returned function. */
function busyCores() {
  const spinners = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => spinners.forEach((child) => child.kill());
}

/**
 * p50/p99 (ms) of making a stamped EPUB of the largest edition, 10 at a time.
 * @param {{ busy?: boolean }} [options]
 */
export async function stampedEpubLatency({ busy = false } = {}) {
  ensureTmp();
  const outfile = join(TMP, 'stamped-epub.mjs');
  await build({
    entryPoints: [join(ROOT, 'lib', 'shop', 'book', 'base-epubs.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    alias: { 'server-only': join(ROOT, 'lib', 'testing', 'server-only-stub.ts') },
    logLevel: 'warning',
  });
  const { stampedEpub } = await import(pathToFileURL(outfile).href);
  /** @type {{ id: string, language: string }[]} */
  const editions = JSON.parse(readFileSync(join(ROOT, 'content', 'shop', 'editions.json'), 'utf8'));
  const largest = largestEpub();
  const edition = editions.find((e) => e.id === largest.id);
  const buyer = (/** @type {number} */ n) => ({
    name: 'Bench Buyer',
    email: `bench-${n}@example.com`,
    orderId: `bench_${n}`,
  });
  await stampedEpub(edition, buyer(0)); // reads and parses the base once, as the first download would
  const stop = busy ? busyCores() : () => {};
  /** @type {number[]} */
  const samples = [];
  try {
    for (let round = 0; round < 6; round += 1)
      await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const started = performance.now();
          await stampedEpub(edition, buyer(round * 10 + i + 1));
          samples.push(performance.now() - started);
        }),
      );
  } finally {
    stop();
  }
  samples.sort((a, b) => a - b);
  const at = (/** @type {number} */ q) =>
    Math.round(samples[Math.min(samples.length - 1, Math.floor(samples.length * q))] ?? 0);
  return { edition: largest, samples: samples.length, busy, p50: at(0.5), p99: at(0.99) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await stampedEpubLatency({ busy: process.argv.includes('--busy') });
  console.log(JSON.stringify(result));
}
