import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { messagesTo, outboxOf } from './support/outbox';
import { startServer } from './support/server';
import { personalDataIn, placeTraceableOrder, traceableBuyer } from './support/traceable-buyer';

/**
 * Issue 48, goal A: personal data never reaches a log. A buyer orders (demo provider), opens their
 * library and downloads both files, sends a copy to their Kindle (issue 50), looks their purchases
 * up and asks for a fresh link, through a running production server; then its whole output,
 * stdout and stderr, from start to exit, is searched for the buyer's name, email address, Kindle
 * address, card number and link token. None is there, in any spelling, while the request lines for
 * each of those routes are.
 */
test('a buyer’s order, library, downloads and lookups leave their name, email, card and token out of the whole log', async () => {
  test.setTimeout(180_000);
  const buyer = traceableBuyer('logs');
  const { email } = buyer;
  const server = await startServer(PORTS.logs, { LOG_LEVEL: 'info' });
  const closed = new Promise<void>((resolve) => server.child.once('close', () => resolve()));
  const outbox = outboxOf(server.dataDir);
  let token: string;
  try {
    const post = (path: string, body: unknown) =>
      fetch(`${server.origin}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: 'CookieConsent=true' },
        body: JSON.stringify(body),
      });
    const placed = await placeTraceableOrder(server.origin, buyer);
    const { orderId, downloadUrl, libraryUrl } = placed;
    token = placed.token;
    const get = (path: string, method = 'GET') =>
      fetch(`${server.origin}${path}`, { method, headers: { Cookie: 'CookieConsent=true' } });
    expect((await get(`/success?order=${orderId}`)).status).toBe(200);
    expect((await get(libraryUrl)).status).toBe(200);
    expect((await get(`/fr${libraryUrl}`)).status).toBe(200);
    expect((await get(downloadUrl, 'HEAD')).status).toBe(200);
    const pdf = await get(downloadUrl);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    await pdf.arrayBuffer();
    const epub = await get(downloadUrl.replace(/\.pdf$/, '.epub'));
    expect(epub.headers.get('content-type')).toBe('application/epub+zip');
    await epub.arrayBuffer();
    expect((await post(`/api/kindle/${encodeURIComponent(token)}`, { kindle: buyer.kindle })).status).toBe(202);
    // What a client may put in a path is its own, and still never logged.
    expect((await get(`/blog/${encodeURIComponent(email)}`)).status).toBe(404);
    expect((await post('/api/library/lookup', { email })).status).toBe(202);
    expect((await post('/api/links/resend', { token })).status).toBeLessThan(300);
    // Sent: the confirmation, the lookup's answer and the fresh link went through the mail worker.
    await expect.poll(() => messagesTo(outbox, email).length, { timeout: 30_000 }).toBe(3);
    await expect.poll(() => messagesTo(outbox, buyer.kindle).length, { timeout: 30_000 }).toBe(1);
  } finally {
    await server.stop();
  }
  // Stopped, and its pipes closed: everything it wrote has been read (stdout and stderr, in order).
  await closed;
  const output = server.output();
  expect(personalDataIn(output, buyer, token), 'found in the log').toEqual([]);

  // And the log is there: one JSON line per request, by route pattern.
  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg: string; route?: string; status?: number; requestId?: string });
  const routes = lines.filter(({ msg }) => msg === 'request').map(({ route, status }) => `${route} ${status}`);
  for (const route of [
    '/api/orders 201',
    '/[locale]/success 200',
    '/[locale]/library/[token] 200',
    '/api/download/[token]/[file] 200',
    '/[locale]/blog/[id] 404',
    '/api/library/lookup 202',
    '/api/kindle/[token] 202',
  ])
    expect(routes, route).toContain(route);
});
