import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { startServer, type TestServer } from './support/server';
import { editions } from '../lib/shop/catalogue';
import { BOOK_PAGES } from '../lib/shop/book/layout';

/**
 * A machine with only Node: the build's book step and the shop work with no browser at all.
 * CHROMIUM_PATH names a program that is not a browser (it takes precedence over every usual
 * install path), Playwright's own download is an empty folder, and where a mount namespace can be
 * had, /usr/bin/chromium itself is that program too.
 */
const DIR = resolve('.data/e2e/no-chromium');
const NOT_A_BROWSER = join(DIR, 'not-a-browser');
const NO_BROWSER = { CHROMIUM_PATH: NOT_A_BROWSER, PLAYWRIGHT_BROWSERS_PATH: join(DIR, 'no-browsers') };

/** `command`, with /usr/bin/chromium replaced by NOT_A_BROWSER in a mount namespace of its own when one can be had. */
function withoutChromium(command: string[]): string[] {
  const canHide = spawnSync('unshare', ['-rm', 'true']).status === 0;
  const hide = 'mount --bind "$0" /usr/bin/chromium 2>/dev/null; exec "$@"';
  return canHide ? ['unshare', '-rm', 'sh', '-c', hide, NOT_A_BROWSER, ...command] : command;
}

let server: TestServer | undefined;

test.beforeAll(() => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(NO_BROWSER.PLAYWRIGHT_BROWSERS_PATH, { recursive: true });
  writeFileSync(NOT_A_BROWSER, '#!/bin/sh\necho "not a browser" >&2\nexit 127\n');
  chmodSync(NOT_A_BROWSER, 0o755);
});

test.afterAll(async () => {
  await server?.stop();
});

test('the build’s book step succeeds with no browser, and the shop then delivers every edition’s 43-page book', async ({
  request,
}) => {
  test.setTimeout(300_000);
  // The build's last step (scripts/build-server.mjs), bundling into a folder of its own.
  const [program, ...args] = withoutChromium([
    process.execPath,
    'scripts/build-server.mjs',
    '--outdir',
    join(DIR, 'dist'),
  ]);
  const step = spawnSync(program!, args, {
    env: { ...process.env, ...NO_BROWSER },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(step.stderr).not.toMatch(/needs Chromium|cannot be sold/);
  expect(step.status, step.stderr).toBe(0);
  expect(step.stdout).toContain(`all ${editions.length} editions are typeset`);

  server = await startServer(PORTS.noChromium, NO_BROWSER);
  // Ready once its database is open and every book is loaded; what is still pending shows if it never is.
  await expect
    .poll(async () => (await request.get(`${server!.origin}/api/ready`)).json(), { timeout: 120_000 })
    .toMatchObject({ ready: true });
  for (const edition of editions) {
    const placed = await request.post(`${server.origin}/api/orders`, {
      headers: { Origin: server.origin },
      data: {
        editionId: edition.id,
        name: 'Nomvula Dlamini',
        email: `no-chromium-${edition.id}@example.com`,
        paymentMethod: 'paypal',
        acceptDelivery: true,
      },
    });
    expect(placed.status(), edition.id).toBe(201);
    const { downloadUrl } = (await placed.json()) as { downloadUrl: string };
    const file = await request.get(`${server.origin}${downloadUrl}`);
    expect(file.status(), edition.id).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(await file.body(), { updateMetadata: false });
    expect(pdf.getPageCount(), edition.id).toBe(BOOK_PAGES);
  }
  // The whole log: the server's own lines are JSON on stdout.
  expect(server.output()).not.toMatch(/Chromium|could not be loaded/);
});
