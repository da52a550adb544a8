import { spawn } from 'node:child_process';
import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { messagesTo, outboxOf, plainTextOf } from './support/outbox';
import { placeDemoOrder } from './support/demo-order';
import { startServer, type TestServer } from './support/server';
import { entryText, readZip } from '../lib/shop/book/epub/zip';
import { TITLE_PAGE_PATH } from '../lib/shop/book/epub/paths';
import { signToken } from '../lib/shop/delivery/tokens';

/**
 * Issue 50 C and D through a running production server of its own (small KINDLE_LIMIT_PER_HOUR,
 * a known APP_SECRET): "Send to Kindle" from the library page, with JavaScript off, sends one
 * email whose attachment is the buyer's stamped EPUB, and counts one download; other domains,
 * an address past its limit, a revoked order and an expired link are refused. And
 * `npm run shop -- notify-update` through the server's control socket (PGlite).
 */
const SECRET = 'e2e-kindle-'.padEnd(64, 'k');
const SENDER = 'support@amora.example';
const AMAZON_APPROVAL = 'https://www.amazon.com/gp/help/customer/display.html?nodeId=GX9XLEVV8G4DB28H';
let server: TestServer;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await startServer(PORTS.kindle, { APP_SECRET: SECRET, KINDLE_LIMIT_PER_HOUR: '2', MAIL_RETRY_SECONDS: '2' });
});
test.afterAll(async () => server?.stop());

const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const buy = (name: string, email: string, editionId = 'en') =>
  placeDemoOrder(server.origin, { name, email, editionId, paymentMethod: 'paypal', locale: editionId });
const postKindle = (token: string, kindle: string) =>
  fetch(`${server.origin}/api/kindle/${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kindle }),
  });
const outbox = () => outboxOf(server.dataDir);

/** The attachments of an .eml as nodemailer writes it (base64 parts), by file name. */
function attachmentsOf(raw: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = /\r?\n\r?\n/.exec(part);
    const name = split && /filename="?([^";\r\n]+)"?/i.exec(part.slice(0, split.index))?.[1];
    if (name) found.set(name, Buffer.from(part.slice(split.index + split[0].length).replace(/\s+/g, ''), 'base64'));
  }
  return found;
}

/** `npm run shop -- …` (its built entry) for this server's DATA_DIR: the server runs it (its control socket). */
function shop(...args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((done) => {
    const child = spawn(process.execPath, ['dist/shop.mjs', ...args], {
      env: { ...process.env, NODE_ENV: 'production', APP_SECRET: SECRET, DATA_DIR: server.dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('close', (code) => done({ code, out, err }));
  });
}

test('with JavaScript off, the library page sends the stamped EPUB to a Kindle address in one email, and counts one download', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const name = 'Kira Kindleton';
  const kindle = `${unique('kira')}@kindle.com`;
  const { libraryUrl } = await buy(name, `${unique('kira')}@example.com`);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.origin}${new URL(libraryUrl, server.origin).pathname}`);
  await expect(page.getByText('10 downloads left')).toBeVisible();
  const section = page.locator('#kindle');
  await expect(section.getByRole('heading', { name: 'Send to Kindle' })).toBeVisible();
  // Beside the form: the sender to approve, and Amazon's page for it.
  await expect(section).toContainText(`First add ${SENDER} to the Approved Personal Document E-mail List`);
  await expect(section.getByRole('link', { name: 'How to approve a sender (Amazon help)' })).toHaveAttribute(
    'href',
    AMAZON_APPROVAL,
  );
  await page.getByLabel('Your Send to Kindle email address').fill(kindle);
  await page.getByRole('button', { name: 'Send to my Kindle' }).click();
  await expect(page).toHaveURL(/\/library\/[^/?]+\?kindle=sent#kindle$/);
  // The confirmation says it again; the page counts one download fewer.
  await expect(section.getByRole('status')).toContainText(
    `if ${SENDER} is on your Approved Personal Document E-mail List`,
  );
  await expect(page.getByText('9 downloads left')).toBeVisible();
  await context.close();

  await expect.poll(() => messagesTo(outbox(), kindle).length, { timeout: 30_000 }).toBe(1);
  const [message] = messagesTo(outbox(), kindle);
  expect(message!.raw).toMatch(/^Subject: The Love Blueprint for your Kindle$/m);
  const text = plainTextOf(message!.raw);
  expect(text).toContain(`Amazon delivers it only if ${SENDER} is on your Approved Personal Document E-mail List`);
  expect(text).toContain(AMAZON_APPROVAL);
  // Opened: the attachment is the buyer's own EPUB, their name on its title page.
  const epub = attachmentsOf(message!.raw).get('the-love-blueprint-en.epub');
  expect(epub, 'the attached EPUB').toBeDefined();
  const entries = readZip(new Uint8Array(epub!));
  expect(entryText(entries, 'mimetype')).toBe('application/epub+zip');
  expect(entryText(entries, TITLE_PAGE_PATH)).toContain(`<bdi>${name}</bdi>`);
});

test('an address outside Amazon’s Send to Kindle domains is refused: by the field on the page, 422 from the route', async ({
  browser,
}) => {
  const { libraryUrl, token } = await buy('Dora Domain', `${unique('dora')}@example.com`);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.origin}${new URL(libraryUrl, server.origin).pathname}`);
  const field = page.getByLabel('Your Send to Kindle email address');
  await field.fill('dora.reader@gmail.com');
  await page.getByRole('button', { name: 'Send to my Kindle' }).click();
  await expect(page).toHaveURL(/\?kindle=kindleDomain#kindle$/);
  const message = 'This is not a Send to Kindle address. Please enter the one that ends in @kindle.com.';
  await expect(page.locator('#kindle').getByRole('alert')).toHaveText(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.@]/g, '\\$&')));
  await expect(page.getByText('10 downloads left')).toBeVisible();
  await context.close();

  for (const kindle of ['dora@free.kindle.com', 'dora@kindle.cn', 'dora@kindle.com.evil.example']) {
    const answer = await postKindle(token, kindle);
    expect(answer.status, kindle).toBe(422);
    expect(await answer.json()).toMatchObject({ error: 'invalid_kindle_address', fields: { kindle: 'kindleDomain' } });
  }
  expect(messagesTo(outbox(), 'dora.reader@gmail.com')).toEqual([]);
});

test('a body over a kilobyte, or of another type, is refused before anything is counted or sent', async () => {
  const { token } = await buy('Hugo Huge', `${unique('hugo')}@example.com`);
  const url = `${server.origin}/api/kindle/${encodeURIComponent(token)}`;
  const huge = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kindle: `${'h'.repeat(4000)}@kindle.com` }),
  });
  expect(huge.status).toBe(413);
  const form = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `kindle=hugo%40kindle.com&pad=${'x'.repeat(4000)}`,
  });
  expect(form.status).toBe(413);
  const text = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hugo@kindle.com' });
  expect(text.status).toBe(415);
  const library = await fetch(`${server.origin}/library/${encodeURIComponent(token)}`);
  expect(await library.text()).toContain('10 downloads left');
});

test('one Kindle address gets at most KINDLE_LIMIT_PER_HOUR copies an hour: past it, 429', async () => {
  const kindle = `${unique('bombed')}@kindle.com`;
  const first = await buy('Bo One', `${unique('bo')}@example.com`);
  const second = await buy('Bo Two', `${unique('bo')}@example.com`);
  expect((await postKindle(first.token, kindle)).status).toBe(202);
  expect((await postKindle(second.token, kindle.toUpperCase())).status).toBe(202);
  const past = await postKindle(first.token, kindle);
  expect(past.status).toBe(429);
  expect(Number(past.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await past.json()).toMatchObject({ error: 'rate_limited' });
  await expect.poll(() => messagesTo(outbox(), kindle).length, { timeout: 30_000 }).toBe(1);
});

test('a revoked order and an expired link cannot send', async ({ browser }) => {
  const revoked = await buy('Rhea Revoked', `${unique('rhea')}@example.com`);
  const revoke = await shop('revoke', revoked.orderId);
  expect(revoke.code, revoke.err).toBe(0);
  const refused = await postKindle(revoked.token, `${unique('rhea')}@kindle.com`);
  expect(refused.status).toBe(410);
  expect(await refused.json()).toMatchObject({ error: 'link_revoked' });

  const live = await buy('Ezra Expired', `${unique('ezra')}@example.com`);
  const expired = signToken(live.orderId, SECRET, Date.now() - 8 * 86_400_000).token;
  const late = await postKindle(expired, `${unique('ezra')}@kindle.com`);
  expect(late.status).toBe(410);
  expect(await late.json()).toMatchObject({ error: 'link_expired' });
  // The form with that link: back to its library page, which offers a fresh link instead.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const form = await page.request.post(`${server.origin}/api/kindle/${encodeURIComponent(expired)}?locale=en`, {
    form: { kindle: `${unique('ezra')}@kindle.com` },
    maxRedirects: 0,
  });
  expect(form.status()).toBe(303);
  await page.goto(`${server.origin}${form.headers().location}`);
  await expect(page.locator('h1')).toHaveText('This link has expired');
  await context.close();
});

test('notify-update, through the server’s control socket: each buyer of the edition gets one email, and a second run sends nothing', async () => {
  test.setTimeout(90_000);
  const german = [`${unique('de')}@example.com`, `${unique('de')}@example.com`];
  const french = `${unique('fr')}@example.com`;
  for (const email of german) await buy('Greta Update', email, 'de');
  await buy('Félix Update', french, 'fr');
  // In the buyer's language: the German update's own words.
  const updates = (email: string) =>
    messagesTo(outbox(), email).filter((m) =>
      plainTextOf(m.raw).includes('überarbeitet. Die neue Fassung liegt jetzt'),
    );

  const first = await shop('notify-update', '--edition', 'de', '--json');
  expect(first.code, first.err).toBe(0);
  expect(JSON.parse(first.out)).toMatchObject({ ok: true, edition: 'de' });
  for (const email of german) await expect.poll(() => updates(email).length, { timeout: 30_000 }).toBe(1);
  expect(plainTextOf(updates(german[0]!)[0]!.raw)).toMatch(/\/library\/[A-Za-z0-9_-]+~[A-Za-z0-9_-]+/);
  expect(messagesTo(outbox(), french).filter((m) => plainTextOf(m.raw).includes('Nous avons révisé'))).toEqual([]);

  const second = await shop('notify-update', '--edition', 'de', '--json');
  expect(second.code, second.err).toBe(0);
  expect(JSON.parse(second.out)).toMatchObject({ ok: true, edition: 'de', queued: 0 });
  const unknown = await shop('notify-update', '--edition', 'xx');
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('There is no edition "xx".');
});
