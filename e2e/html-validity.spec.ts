import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { specRoutes, test, expect } from './fixtures';

/**
 * The Nu HTML Checker (the W3C's vnu, from npm's vnu-jar, on Debian's Java) finds no error in
 * any public route (`specRoutes`, e2e/fixtures.ts) or a 404, in English, French and Arabic, with the consent banner
 * (a first visit) and without it (consent given): the documents as the server sends them.
 */
const VNU = join(process.cwd(), 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

/**
 * One run of the checker over `files`. A run of a few seconds never repays the JVM's optimizing
 * compiler or its parallel collector: with the quick compiler only and the serial collector the
 * 45 documents of a trial took a third of the CPU (18 s → 6.5), same messages. The quick
 * compiler's frames are larger: vnu's schema recursion overflows the default 1 MB thread stack.
 */
const vnu = (args: string[], files: string[], maxBuffer: number) =>
  spawnSync(
    'java',
    ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss16m', '-jar', VNU, ...args, '--format', 'json', ...files],
    { encoding: 'utf8', maxBuffer },
  );
const ROUTES = [
  ...specRoutes({ edition: 'fr', guideline: 'bullying' }),
  '/blog?page=2',
  '/library',
  '/nope',
  '/blog/no-such-post',
];

test('Nu HTML Checker: no errors on every route in en, fr and ar, with and without the consent banner', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'amora-vnu-'));
  try {
    const files: string[] = [];
    for (const banner of [true, false]) {
      const request = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: banner ? {} : { Cookie: 'CookieConsent=true' },
      });
      for (const prefix of ['', '/fr', '/ar']) {
        for (const route of ROUTES) {
          const path = prefix + (route === '/' && prefix ? '' : route);
          const response = await request.get(path);
          expect(response.status(), path).toBeLessThan(500);
          const file = join(dir, `${banner ? 'banner' : 'consented'}${path.replace(/[^a-z0-9-]+/gi, '_')}.html`);
          writeFileSync(file, await response.body());
          files.push(file);
        }
      }
      await request.dispose();
    }
    const run = vnu(['--errors-only'], files, 64 * 1024 * 1024);
    expect(run.error, 'java and vnu.jar run').toBeUndefined();
    const messages = (
      JSON.parse(run.stderr || '{"messages":[]}') as {
        messages: { url: string; lastLine?: number; message: string; type: string }[];
      }
    ).messages;
    expect(files.length).toBe(2 * 3 * ROUTES.length);
    expect(
      messages
        .filter((m) => m.type === 'error')
        .map((m) => `${m.url.split('/').pop()}:${m.lastLine ?? '?'}: ${m.message}`),
    ).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('Nu HTML Checker: the Atom feeds are well-formed XML, in en, fr, ar and zh-CN', async ({ request }) => {
  const dir = mkdtempSync(join(tmpdir(), 'amora-vnu-feed-'));
  try {
    const files: string[] = [];
    for (const path of ['/feed.xml', '/fr/feed.xml', '/ar/feed.xml', '/zh-CN/feed.xml']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const file = join(dir, `${path.replace(/[^a-z0-9-]+/gi, '_')}.xml`);
      writeFileSync(file, await response.body());
      files.push(file);
    }
    // --xml parses with the checker's XML parser: a well-formedness error is a fatal error. The
    // checker has no Atom schema, so its "not allowed" messages about <feed> say nothing here.
    const run = vnu(['--xml'], files, 16 * 1024 * 1024);
    expect(run.error, 'java and vnu.jar run').toBeUndefined();
    const messages = (
      JSON.parse(run.stderr || '{"messages":[]}') as {
        messages: { url: string; subType?: string; type: string; message: string }[];
      }
    ).messages;
    const checked = new Set(messages.map((m) => m.url.split('/').pop()));
    expect(checked.size, 'the checker read every feed').toBe(files.length);
    expect(
      messages
        .filter((m) => m.subType === 'fatal' || m.type === 'non-document-error')
        .map((m) => `${m.url.split('/').pop()}: ${m.message}`),
    ).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
