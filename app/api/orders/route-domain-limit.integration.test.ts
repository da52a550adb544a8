import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/request-headers';

// The route reads its environment once: a throwaway data directory and a small per-domain cap.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'amora-orders-domain-'));
afterAll(async () => {
  await (await import('@/lib/db/client')).closeDb();
  rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
process.env.APP_SECRET = 'd'.repeat(64);
process.env.ORDER_LIMIT_PER_MINUTE = '1000';
process.env.EMAIL_LIMIT_PER_HOUR = '3';
process.env.DEMO_DOMAIN_LIMIT_PER_HOUR = '5';

let POST: (typeof import('./route'))['POST'];
beforeAll(async () => {
  ({ POST } = await import('./route'));
}, 60_000);

let ip = 0;
async function order(email: string) {
  ip += 1;
  const response = await POST(
    new Request('http://localhost:3000/api/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: `10.8.0.${ip}` },
      body: JSON.stringify({ editionId: 'en', name: 'Ana', email, paymentMethod: 'paypal', acceptDelivery: true }),
    }),
  );
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

// Demo orders cost nothing: without a cap per domain, a catch-all domain (a@, b@, c@…) could be
// sent any number of order emails, EMAIL_LIMIT_PER_HOUR to each of its addresses.
describe('POST /api/orders with the demo provider: DEMO_DOMAIN_LIMIT_PER_HOUR (third review, finding 4)', () => {
  it('sends at most DEMO_DOMAIN_LIMIT_PER_HOUR order emails to one domain, however many mailboxes it has', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await order(`box${i}@catch-all.example`)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = await order('another@CATCH-ALL.example');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/at this email domain/);
    // Other domains are not affected; gmail.com and googlemail.com are one domain.
    expect((await order('ana@other.example')).status).toBe(201);
    for (let i = 0; i < 5; i += 1) expect((await order(`buyer${i}@gmail.com`)).status).toBe(201);
    expect((await order('buyer9@googlemail.com')).status).toBe(429);
    // A budget, not a timing assertion: 15 orders, each a transaction, on a busy 2-core machine.
  }, 60_000);

  it('refuses a mailbox past its own limit before counting it against its domain', async () => {
    for (let i = 0; i < 3; i += 1) expect((await order('one@quiet.example')).status).toBe(201);
    // Past the mailbox's limit: refused, and the domain's budget is not spent on it.
    for (let i = 0; i < 5; i += 1) expect((await order('one@quiet.example')).status).toBe(429);
    expect((await order('two@quiet.example')).status).toBe(201);
    expect((await order('three@quiet.example')).status).toBe(201);
  }, 60_000);
});
