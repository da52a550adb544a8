import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { startServer, type TestServer } from './support/server';

/**
 * The second security review's attacks (docs/security.md), each against a running production server
 * of its own. Every test here failed on the code before its fix.
 */

const servers: TestServer[] = [];
test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

async function buy(origin: string, editionId: string, email: string, name = 'Ana Buyer') {
  const response = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ editionId, name, email, paymentMethod: 'paypal', acceptDelivery: true }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { downloadUrl: string };
}

test('finding 1: 200 concurrent GETs of one download link leave the server answering, serve at most 10 copies and stay in the memory budget', async () => {
  test.setTimeout(180_000);
  // A database opened before (a new one's first initialisation is a start-up cost of its own), and
  // the largest edition, the costliest to stamp, for a buyer with a Japanese name.
  const first = await startServer(PORTS.reviewDownloads);
  servers.push(first);
  const { downloadUrl } = await buy(first.origin, 'ja', 'burst@example.jp', '山田 さくら');
  await first.stop();
  const server = await startServer(PORTS.reviewDownloads, {}, { fresh: false });
  servers.push(server);
  let peakRss = server.rssMb();
  const sampler = setInterval(() => {
    if (server.child.exitCode === null) peakRss = Math.max(peakRss, server.rssMb());
  }, 100);
  const statuses = await Promise.all(
    Array.from({ length: 200 }, async () => {
      try {
        const response = await fetch(`${server.origin}${downloadUrl}`);
        await response.arrayBuffer();
        return response.status;
      } catch (error) {
        return `${(error as Error).message}: ${String((error as { cause?: Error }).cause?.message)}`;
      }
    }),
  );
  clearInterval(sampler);
  expect(server.child.exitCode, server.errors()).toBeNull();
  expect(server.errors()).not.toMatch(/heap out of memory/);
  const served = statuses.filter((status) => status === 200).length;
  expect(served).toBeGreaterThan(0);
  expect(served).toBeLessThanOrEqual(10);
  // Every other request was refused cleanly: exhausted (410) or busy (503 with Retry-After), never an error.
  expect(statuses.filter((status) => status !== 200 && status !== 410 && status !== 503)).toEqual([]);
  expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
  // The README's budget: under 600 MB resident, database open, under load.
  expect(peakRss).toBeLessThan(600);
  // The count is in the database: a restart does not give the link its downloads back.
  await server.stop();
  const again = await startServer(PORTS.reviewDownloads, {}, { fresh: false });
  servers.push(again);
  const head = await fetch(`${again.origin}${downloadUrl}`, { method: 'HEAD' });
  expect(served === 10 ? head.status : 200).toBe(served === 10 ? 410 : 200);
});

test('finding 1: one client’s downloads are limited per minute (DOWNLOAD_LIMIT_PER_MINUTE), with Retry-After', async () => {
  test.setTimeout(180_000);
  const server = await startServer(PORTS.reviewDownloadLimit, { DOWNLOAD_LIMIT_PER_MINUTE: '3' });
  servers.push(server);
  const links = [await buy(server.origin, 'en', 'one@example.com'), await buy(server.origin, 'fr', 'two@example.com')];
  const statuses: number[] = [];
  for (let i = 0; i < 3; i += 1) statuses.push((await fetch(`${server.origin}${links[i % 2]!.downloadUrl}`)).status);
  const refused = await fetch(`${server.origin}${links[0]!.downloadUrl}`);
  expect(statuses).toEqual([200, 200, 200]);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
  // HEAD checks a link without counting against the limit.
  expect((await fetch(`${server.origin}${links[1]!.downloadUrl}`, { method: 'HEAD' })).status).toBe(200);
});
