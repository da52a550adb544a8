import { createHash } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { test, expect, expectHydrated } from './fixtures';
import { PORTS, urlOf } from './support/ports';
import { messagesTo, outboxOf } from './support/outbox';
import { spawnServer, startServer, type TestServer } from './support/server';

/**
 * The attacks of the security review, each against a running production server.
 * Every test here failed on the code before its fix. Servers with settings of their own
 * (small limits, a broken secret, a content backend) are started by the test that needs them.
 */

type OrderBody = { orderId: string; downloadUrl: string; libraryUrl: string };

const orderBody = (email: string, name = 'Ana Buyer') => ({
  editionId: 'en',
  name,
  email,
  paymentMethod: 'paypal',
  acceptDelivery: true,
});

async function placeOrder(origin: string, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as OrderBody & { error?: string } };
}

const unique = (label: string) =>
  `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

test.describe('security review', () => {
  test('finding 1: X-Forwarded-For buys no extra orders, and one address gets at most EMAIL_LIMIT_PER_HOUR emails of each kind', async () => {
    test.setTimeout(90_000);
    const server = await startServer(PORTS.reviewLimits, {
      ORDER_LIMIT_PER_MINUTE: '6',
      EMAIL_LIMIT_PER_HOUR: '2',
      LINK_LIMIT_PER_MINUTE: '20',
    });
    try {
      // A buyer whose links are asked for again below (one of the six orders a minute).
      const buyer = unique('resend');
      const placed = await placeOrder(server.origin, orderBody(buyer));
      expect(placed.status).toBe(201);

      // One recipient: two order emails, then 429, and nothing stored or sent.
      const victim = unique('victim');
      const toVictim: number[] = [];
      for (let i = 0; i < 3; i += 1)
        toVictim.push(
          (await placeOrder(server.origin, orderBody(victim), { 'X-Forwarded-For': `198.51.100.${i}` })).status,
        );
      expect(toVictim).toEqual([201, 201, 429]);

      // One client, a new X-Forwarded-For (and X-Real-IP, Forwarded) on every request: still one bucket.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const spoofed = {
          'X-Forwarded-For': `203.0.113.${i}`,
          'X-Real-IP': `192.0.2.${i}`,
          Forwarded: `for=192.0.2.${i}`,
        };
        statuses.push((await placeOrder(server.origin, orderBody(unique('spoof')), spoofed)).status);
      }
      // Four of the six a minute went to the buyer and the victim above.
      expect(statuses).toEqual([201, 201, 429, 429, 429]);

      // Fresh links to one recipient are limited the same way.
      const token = placed.body.libraryUrl.split('/').pop()!;
      const resends: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await fetch(`${server.origin}/api/links/resend`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.origin, 'X-Forwarded-For': `203.0.113.${i}` },
          body: JSON.stringify({ token }),
        });
        resends.push(response.status);
      }
      expect(resends).toEqual([202, 202, 429]);

      // What actually left the shop: two emails to the victim, three to the buyer (order + two links).
      await expect.poll(() => messagesTo(outboxOf(server.dataDir), buyer).length, { timeout: 15_000 }).toBe(3);
      expect(messagesTo(outboxOf(server.dataDir), victim)).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });

  test('finding 1: a name that carries a message or an address never reaches an email', async ({ request }) => {
    const email = unique('phish');
    const response = await request.post('/api/orders', {
      data: orderBody(email, 'Your account is locked - verify at https://evil.example/login'),
    });
    expect(response.status()).toBe(422);
    expect((await response.json()).fields.name).toMatch(/letters, spaces/);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(messagesTo(outboxOf(join('.data', 'e2e', String(PORTS.main))), email)).toHaveLength(0);
  });

  test('finding 2: a post id reaches the backend decoded once, and never as a path', async ({ request }) => {
    const backend = `http://127.0.0.1:${PORTS.backend}`;
    const seen = async () => (await (await fetch(`${backend}/requests`)).json()) as string[];
    const before = (await seen()).length;
    for (const path of ['/blog/%252E%252E%252Fposts', '/blog/%2E%2E%2Fposts', '/blog/..%5Cposts', '/blog/a%2Fb']) {
      const response = await request.get(`${urlOf(PORTS.hostile)}${path}`);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('Article not found');
    }
    const asked = (await seen()).slice(before).filter((url) => url.startsWith('/posts/'));
    for (const url of asked) {
      const id = decodeURIComponent(url.slice('/posts/'.length));
      expect(id, url).not.toMatch(/[/\\]|\.\./);
    }
  });

  test('finding 3: an empty or short secret file stops the server at start-up with a clear message', async () => {
    const dataDir = `.data/e2e/${PORTS.reviewSecret}`;
    for (const content of ['', 'short']) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(join(dataDir, 'app-secret'), content);
      const child = spawnServer(PORTS.reviewSecret, { DATA_DIR: dataDir }, { fresh: false });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, JSON.stringify(content)).toBe(1);
      // The fatal line of its log (stdout), the error's own words in it.
      expect(child.outputText()).toMatch(/"level":"fatal".*app-secret holds no usable key/);
    }
  });

  test('finding 4: six parallel requests with one Idempotency-Key make one order and one email', async ({
    request,
  }) => {
    const email = unique('parallel');
    const key = `parallel-${Date.now()}`;
    const origin = urlOf(PORTS.main);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => placeOrder(origin, orderBody(email), { 'Idempotency-Key': key })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const status of statuses) expect([200, 201, 409]).toContain(status);
    expect(new Set(answers.filter((a) => a.status !== 409).map((a) => a.body.orderId)).size).toBe(1);
    for (const busy of answers.filter((a) => a.status === 409)) expect(busy.body.error).toBe('in_flight');
    // Retried after the fact, the key answers with the same order.
    const replay = await request.post('/api/orders', { data: orderBody(email), headers: { 'Idempotency-Key': key } });
    expect(replay.status()).toBe(200);
    expect((await replay.json()).orderId).toBe(answers.find((a) => a.status === 201)!.body.orderId);
    const outbox = outboxOf(join('.data', 'e2e', String(PORTS.main)));
    await expect.poll(() => messagesTo(outbox, email).length, { timeout: 15_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(messagesTo(outbox, email)).toHaveLength(1);
  });

  test('finding 5: the library is never cached, however its path is spelled', async ({ request }) => {
    test.setTimeout(120_000);
    const placed = await placeOrder(urlOf(PORTS.main), orderBody(unique('library')));
    const token = placed.body.libraryUrl.split('/').pop()!;
    for (const spelling of [`/%6Cibrary/${token}`, `/library/${token}`, `/%6c%69brary/${token}`]) {
      const page = await request.get(spelling);
      expect(page.status(), spelling).toBe(200);
      expect(page.headers()['cache-control'], spelling).toBe('private, no-store');
      expect(page.headers()['referrer-policy'], spelling).toBe('no-referrer');
    }
    const before = await (await request.get(`/%6Cibrary/${token}`)).text();
    expect(before).toContain('10 downloads left');
    expect((await request.get(placed.body.downloadUrl)).status()).toBe(200);
    // Served again within the document store's lifetime, it must show the live count.
    expect(await (await request.get(`/%6Cibrary/${token}`)).text()).toContain('9 downloads left');
  });

  test('finding 6: HEAD uses up no download', async ({ request }) => {
    test.setTimeout(120_000);
    const placed = await placeOrder(urlOf(PORTS.main), orderBody(unique('head')));
    for (let i = 0; i < 11; i += 1) {
      const head = await request.head(placed.body.downloadUrl);
      expect(head.status()).toBe(200);
      expect(head.headers()['content-type']).toBe('application/pdf');
    }
    const file = await request.get(placed.body.downloadUrl);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(await (await request.get(placed.body.libraryUrl)).text()).toContain('9 downloads left');
  });

  test('finding 7: every HTML document carries the CSP, dotted paths and 404s included', async ({ request }) => {
    for (const path of ['/blog/a.b', '/nope.x', '/fr/blog/v1.2', '/nope']) {
      const response = await request.get(path);
      const csp = response.headers()['content-security-policy'];
      const html = await response.text();
      const tags = [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)];
      expect(tags.length, path).toBeGreaterThan(0);
      // Rendered without a nonce (docs/decisions/0018-shareable-documents.md): each inline script
      // allowed by its own hash; with one, each script stamped with it.
      const nonce = /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
      if (nonce) expect(csp, path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      else expect(csp, path).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
      for (const [, tag, text] of tags) {
        if (/type="application\/ld\+json"/.test(tag!)) continue;
        if (nonce) expect(tag, path).toContain(`nonce="${nonce}"`);
        else if (!/\ssrc=/.test(tag!))
          expect(csp, path).toContain(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
      }
    }
  });

  test('finding 8: no referrer from token pages and downloads; the browser forgets the link once it has the file; outbox files are private', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = unique('referrer');
    const placed = await placeOrder(urlOf(PORTS.main), orderBody(email));
    const download = await request.get(placed.body.downloadUrl);
    expect(download.headers()['referrer-policy']).toBe('no-referrer');
    expect(download.headers()['cache-control']).toBe('private, no-store');
    expect((await request.get(placed.body.libraryUrl)).headers()['referrer-policy']).toBe('no-referrer');
    const outbox = outboxOf(join('.data', 'e2e', String(PORTS.main)));
    await expect.poll(() => messagesTo(outbox, email).length, { timeout: 15_000 }).toBe(1);
    expect(messagesTo(outbox, email)[0]!.mode).toBe(0o600);

    // A buyer back on /success: the download URL is kept until the file is theirs, then dropped.
    await page.goto('/success');
    const storePurchase = (order: { orderId: string; downloadUrl: string; expiresAt: string }) =>
      page.evaluate(
        ([data]) => localStorage.setItem('purchase-data', data!),
        [JSON.stringify({ name: 'Ana Buyer', email, paymentMethod: 'paypal', productId: 'en', ...order })],
      );
    await storePurchase({
      orderId: placed.body.orderId,
      downloadUrl: placed.body.downloadUrl,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await page.reload();
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Go to Download' }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('dialog').getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('the-love-blueprint-en.pdf');
    await expect
      .poll(async () => page.evaluate(() => localStorage.getItem('purchase-data')))
      .not.toContain('/api/download/');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('purchase-data')))!)).toMatchObject({
      name: 'Ana Buyer',
      orderId: placed.body.orderId,
    });
    await expect(page.getByRole('dialog')).toContainText('The link in your email lets you download it again.');

    // An expired link is not kept either.
    await storePurchase({
      orderId: 'old',
      downloadUrl: '/api/download/x~y/the-love-blueprint-en.pdf',
      expiresAt: '2020-01-01T00:00:00.000Z',
    });
    await page.reload();
    await expect
      .poll(async () => page.evaluate(() => localStorage.getItem('purchase-data')))
      .not.toContain('/api/download/');
  });

  test('attacker-controlled headers on the order, resend and download endpoints: never a 5xx, never past a limit (property)', async () => {
    test.setTimeout(240_000);
    const limit = 8;
    const server: TestServer = await startServer(PORTS.reviewHeaders, {
      ORDER_LIMIT_PER_MINUTE: String(limit),
      LINK_LIMIT_PER_MINUTE: String(limit),
      EMAIL_LIMIT_PER_HOUR: '1000',
    });
    try {
      // One real order (its links are the resend and download targets), placed before the property runs.
      const placed = await placeOrder(server.origin, orderBody(unique('headers')));
      expect(placed.status).toBe(201);
      const token = placed.body.libraryUrl.split('/').pop()!;
      const text = fc.oneof(
        fc.string(),
        fc.ipV4(),
        fc.ipV6(),
        fc.constantFrom(
          '',
          'unknown',
          '127.0.0.1',
          '::1',
          'evil.example',
          '1.1.1.1, 2.2.2.2',
          'for="[::1]";proto=https',
        ),
      );
      const headers = fc.record(
        {
          'X-Forwarded-For': text,
          Forwarded: text,
          'X-Real-IP': text,
          Host: fc.constantFrom(`localhost:${PORTS.reviewHeaders}`, 'evil.example', '', 'localhost:1'),
          Origin: fc.constantFrom(server.origin, 'https://evil.example', 'null', ''),
          Cookie: fc.oneof(
            fc.string(),
            fc.constantFrom('CookieConsent=true', 'NEXT_LOCALE=xx; CookieConsent=%ZZ', 'a=b; a=c'),
          ),
        },
        { requiredKeys: [] },
      );
      const accepted = { order: 0, resend: 0 };
      let downloads = 0;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('order', 'resend', 'download'), headers, async (endpoint, sent) => {
          // fetch() will not send a header value with characters HTTP forbids; such a request never leaves.
          const clean = Object.fromEntries(Object.entries(sent).filter(([, v]) => /^[\t\x20-\x7e]*$/.test(v)));
          let status: number;
          if (endpoint === 'download') {
            status = (await fetch(`${server.origin}${placed.body.downloadUrl}`, { headers: clean })).status;
            if (status === 200) downloads += 1;
          } else {
            const url = endpoint === 'order' ? '/api/orders' : '/api/links/resend';
            const body = endpoint === 'order' ? orderBody(unique('prop')) : { token };
            status = (
              await fetch(`${server.origin}${url}`, {
                method: 'POST',
                headers: { ...clean, 'Content-Type': 'application/json' },
                body: JSON.stringify(body),
              })
            ).status;
            if (status === 201 || status === 202) accepted[endpoint] += 1;
          }
          expect(status).toBeLessThan(500);
        }),
        { numRuns: 60 },
      );
      // The property ran within a minute or so: never more than the per-client limit accepted.
      expect(accepted.order).toBeLessThanOrEqual(limit - 1);
      expect(accepted.resend).toBeLessThanOrEqual(limit);
      expect(downloads).toBeLessThanOrEqual(10);
    } finally {
      await server.stop();
    }
  });
});
