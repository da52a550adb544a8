import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/request-headers';
import { postWithUnreadBody } from '@/lib/testing/unread-body';
import { signToken } from '@/lib/shop/delivery/tokens';

// The route reads its environment once: point it at a throwaway data directory first.
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'amora-resend-route-'));
afterAll(async () => {
  await (await import('@/lib/db/client')).closeDb();
  rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
process.env.APP_SECRET = 'r'.repeat(64);

type Route = typeof import('./route');
let POST: Route['POST'];

beforeAll(async () => {
  ({ POST } = await import('./route'));
  await (await import('@/lib/db/client')).getDb();
}, 60_000);

describe('POST /api/links/resend (third review, finding 1)', () => {
  it('answers a client past its limit 429 without reading its body', async () => {
    const url = 'http://localhost:3000/api/links/resend';
    const headers = { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: '10.9.0.2' };
    const { token } = signToken('no-such-order', process.env.APP_SECRET!);
    // LINK_LIMIT_PER_MINUTE's default: five a minute (each a signed link to no order).
    for (let i = 0; i < 5; i += 1)
      expect((await POST(new Request(url, { method: 'POST', body: JSON.stringify({ token }), headers }))).status).toBe(
        404,
      );
    const slow = postWithUnreadBody(url, headers);
    const response = await POST(slow.request);
    expect(response.status).toBe(429);
    expect(slow.read()).toBe(false);
  });
});
