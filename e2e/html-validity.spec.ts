import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';

/**
 * The Nu HTML Checker (the W3C's vnu, from npm's vnu-jar, on Debian's Java) finds no error in
 * any route of SPEC.md's table or a 404, in English, French and Arabic, with the consent banner
 * (a first visit) and without it (consent given): the documents as the server sends them.
 */
const VNU = join(process.cwd(), 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');
const ROUTES = ['/', '/privacy', '/terms', '/blog', '/blog?page=2', '/blog/first-date-questions-that-matter', '/safety-centre', '/help-centre', '/the-love-blueprint', '/the-love-blueprint/fr', '/success', '/error', '/broken-link', '/dating-confidence-report', '/cities', '/chat', '/notice-at-collection', '/community-guidelines', '/guidelines/bullying', '/cookie-policy', '/manage-cookies', '/modern-slavery-act', '/library', '/nope', '/blog/no-such-post'];

test('Nu HTML Checker: no errors on every route in en, fr and ar, with and without the consent banner', async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'amora-vnu-'));
  try {
    const files: string[] = [];
    for (const banner of [true, false]) {
      const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: banner ? {} : { Cookie: 'CookieConsent=true' } });
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
    const run = spawnSync('java', ['-jar', VNU, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.error, 'java and vnu.jar run').toBeUndefined();
    const messages = (JSON.parse(run.stderr || '{"messages":[]}') as { messages: { url: string; lastLine?: number; message: string; type: string }[] }).messages;
    expect(files.length).toBe(2 * 3 * ROUTES.length);
    expect(messages.filter((m) => m.type === 'error').map((m) => `${m.url.split('/').pop()}:${m.lastLine ?? '?'}: ${m.message}`)).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
