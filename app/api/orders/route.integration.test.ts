import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/request-headers';
import { postWithUnreadBody } from '@/lib/testing/unread-body';

// The route reads its environment once: point it at a throwaway data directory first.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'amora-orders-route-'));
// The database (a 40 MB PGlite directory) goes with the file's last test: every run used to leave one in /tmp.
afterAll(async () => {
  await (await import('@/lib/db/client')).closeDb();
  rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
process.env.APP_SECRET = 'p'.repeat(64);
// The documented defaults, set explicitly: 10 orders a minute per client, 3 order emails an hour per recipient.
process.env.ORDER_LIMIT_PER_MINUTE = '10';
process.env.EMAIL_LIMIT_PER_HOUR = '3';
// The per-domain cap has a file of its own (route-domain-limit.integration.test.ts); here it is out of the way.
process.env.DEMO_DOMAIN_LIMIT_PER_HOUR = '100000';

type Route = typeof import('./route');
let POST: Route['POST'];
let countOrders: () => Promise<number>;

beforeAll(async () => {
  ({ POST } = await import('./route'));
  const { getDb } = await import('@/lib/db/client');
  countOrders = async () =>
    Number((await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM orders')).rows[0]!.n);
  await countOrders();
}, 60_000);

// The front door (lib/server/front-door.ts) puts the connection's address in this header.
let ip = 0;
function request(body: string, headers: Record<string, string> = {}) {
  ip += 1;
  return new Request('http://localhost:3000/api/orders', {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      [CLIENT_ADDRESS_HEADER]: `10.9.${(ip >> 8) & 255}.${ip & 255}`,
      ...headers,
    },
  });
}

const valid = { editionId: 'en', name: 'Ana', email: 'ana@example.com', paymentMethod: 'paypal', acceptDelivery: true };

describe('POST /api/orders', () => {
  it('creates an order and answers with what the success page needs', async () => {
    const response = await POST(request(JSON.stringify(valid)));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ productId: 'en', name: 'Ana', email: 'ana@example.com', paymentMethod: 'paypal' });
    expect(body.downloadUrl).toMatch(/^\/api\/download\/[^/]+\/the-love-blueprint-en\.pdf$/);
  });

  it('answers bad input with 4xx field errors and stores nothing', async () => {
    const before = await countOrders();
    const response = await POST(
      request(JSON.stringify({ ...valid, email: 'nope', paymentMethod: 'card', cardNumber: '' })),
    );
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({ email: 'Invalid email.', cardNumber: 'Card number is required.' });
    expect((await POST(request(JSON.stringify({ ...valid, editionId: 'xx' })))).status).toBe(422);
    expect((await POST(request('{"broken'))).status).toBe(400);
    expect((await POST(request(JSON.stringify(valid), { 'content-type': 'text/plain' }))).status).toBe(415);
    expect((await POST(request(JSON.stringify(valid), { origin: 'https://evil.example' }))).status).toBe(403);
    expect((await POST(request(JSON.stringify({ ...valid, name: 'x'.repeat(5000) })))).status).toBe(413);
    expect(await countOrders()).toBe(before);
  });

  it('makes retries safe with an Idempotency-Key', async () => {
    const first = await POST(request(JSON.stringify(valid), { 'idempotency-key': 'route-key-0001' }));
    const second = await POST(request(JSON.stringify(valid), { 'idempotency-key': 'route-key-0001' }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect((await second.json()).orderId).toBe((await first.json()).orderId);
    expect((await POST(request(JSON.stringify(valid), { 'idempotency-key': 'bad key!' }))).status).toBe(400);
  });

  it('rate-limits one address with 429 and Retry-After, whatever X-Forwarded-For it sends (finding 1)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await POST(
        new Request('http://localhost:3000/api/orders', {
          method: 'POST',
          body: '{}',
          headers: {
            'content-type': 'application/json',
            [CLIENT_ADDRESS_HEADER]: '10.200.0.1',
            'x-forwarded-for': `172.16.0.${i}`,
            'x-real-ip': `172.17.0.${i}`,
          },
        }),
      );
      statuses.push(response.status);
      if (response.status === 429) expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('answers a client past its limit 429 without reading its body (third review, finding 1)', async () => {
    const from = { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '10.201.0.1' };
    const url = 'http://localhost:3000/api/orders';
    for (let i = 0; i < 10; i += 1)
      expect((await POST(new Request(url, { method: 'POST', body: '{}', headers: from }))).status).toBe(422);
    const slow = postWithUnreadBody(url, from);
    const response = await POST(slow.request);
    expect(response.status).toBe(429);
    expect(slow.read()).toBe(false);
  });

  it('sends at most EMAIL_LIMIT_PER_HOUR order emails to one address, from any number of clients (finding 1)', async () => {
    const before = await countOrders();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await POST(request(JSON.stringify({ ...valid, email: 'victim@example.com' })))).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(await countOrders()).toBe(before + 3);
    // Another address is not affected.
    expect((await POST(request(JSON.stringify({ ...valid, email: 'other@example.com' })))).status).toBe(201);
  });

  it('counts every spelling of one mailbox against its limit: +tags, case, Gmail dots and googlemail.com (third review, finding 4)', async () => {
    const before = await countOrders();
    const send = async (email: string) => (await POST(request(JSON.stringify({ ...valid, email })))).status;
    const statuses: number[] = [];
    for (const email of ['victim@x.example', 'victim@x.example', 'victim@x.example', 'victim@x.example'])
      statuses.push(await send(email));
    expect(statuses).toEqual([201, 201, 201, 429]);
    for (const email of ['victim+1@x.example', 'victim+2@x.example', 'victim+3@x.example', 'Victim+4@X.example'])
      expect(await send(email), email).toBe(429);
    expect(await countOrders()).toBe(before + 3);

    // Gmail delivers every one of these to one mailbox.
    const gmail = [
      'ana.lima@gmail.com',
      'analima@gmail.com',
      'a.n.a.l.i.m.a+shop@googlemail.com',
      'AnaLima+x@GMail.com',
    ];
    const gmailStatuses: number[] = [];
    for (const email of gmail) gmailStatuses.push(await send(email));
    expect(gmailStatuses).toEqual([201, 201, 201, 429]);
    // Dots still tell mailboxes apart where the provider does not say it ignores them.
    expect(await send('victim.x@x.example')).toBe(201);
    // A budget, not a timing assertion: 13 orders on a busy 2-core machine.
  }, 60_000);

  it('refuses a phishing text in place of a name, and stores nothing (finding 1)', async () => {
    const before = await countOrders();
    const response = await POST(
      request(
        JSON.stringify({
          ...valid,
          email: 'target@example.com',
          name: 'Your account is locked - verify at https://evil.example/login',
        }),
      ),
    );
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({
      name: "Please enter just your name, using letters, spaces and . ' - only.",
    });
    expect(await countOrders()).toBe(before);
  });

  it('never answers 5xx and never stores an order for an invalid body (property)', async () => {
    const field = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, fc.anything(), fc.constant(undefined));
    const body = fc.oneof(
      fc.anything().map((value) => JSON.stringify(value) ?? 'null'),
      fc.string(),
      fc
        .record(
          {
            editionId: field(fc.constantFrom('en', 'fr', 'xx', '')),
            name: field(fc.string()),
            email: field(
              fc.oneof(
                fc.stringMatching(/^[a-z]{6,12}$/).map((local) => `${local}@b.co`),
                fc.constantFrom('bad', '', 'x y@z.com'),
              ),
            ),
            paymentMethod: field(fc.constantFrom('card', 'paypal', 'cash')),
            cardNumber: field(fc.stringMatching(/^\d{0,22}$/)),
            acceptDelivery: field(fc.boolean()),
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    );
    const { orderRequestSchema } = await import('@/lib/shop/checkout/purchase-schema');
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const before = await countOrders();
        const response = await POST(request(text));
        expect(response.status).toBeLessThan(500);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const isValid =
          parsed !== undefined &&
          orderRequestSchema.safeParse(parsed).success &&
          ['en', 'fr'].includes((parsed as { editionId: string }).editionId);
        const after = await countOrders();
        if (!isValid) {
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(after).toBe(before);
        } else {
          expect(response.status).toBe(201);
          expect(after).toBe(before + 1);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
