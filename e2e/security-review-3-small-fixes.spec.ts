import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { startServer, type TestServer } from './support/server';

/**
 * The third security review's attacks (issue 46) that need a whole production server, each against
 * one started for this file. Every test here failed on the code before its fix.
 */
let server: TestServer;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer(PORTS.reviewMailAndLogs, { EMAIL_LIMIT_PER_HOUR: '3' });
});
test.afterAll(async () => {
  await server?.stop();
});

async function order(email: string) {
  const response = await fetch(`${server.origin}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.origin },
    body: JSON.stringify({ editionId: 'en', name: 'Ana Buyer', email, paymentMethod: 'paypal', acceptDelivery: true }),
  });
  return response.status;
}

test('finding 4: +tag spellings of one mailbox get no more order emails than the mailbox itself', async () => {
  const domain = `x${Date.now().toString(36)}.example`;
  const statuses: number[] = [];
  for (const email of [
    `victim@${domain}`,
    `victim@${domain}`,
    `victim@${domain}`,
    `victim@${domain}`,
    `victim+1@${domain}`,
    `victim+2@${domain}`,
    `victim+3@${domain}`,
    `Victim+4@${domain.toUpperCase()}`,
  ])
    statuses.push(await order(email));
  expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
});
