import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { startServer } from './support/server';

/**
 * The first security review's unbounded remote cache (docs/security.md), at full scale: a stream
 * of made-up article ids through a server whose posts come from a remote content backend must leave it answering, within its
 * memory budget. It keeps both cores busy for minutes, so it runs in the "load" project, after
 * the rest of the suite (playwright.config.ts).
 */
test('finding 2: 3,000 random blog ids through a remote content backend leave the server answering, under 600 MB', async () => {
  // Each unknown id is a real backend round trip and a rendered 404: minutes on a busy 2-core machine.
  test.setTimeout(480_000);
  const server = await startServer(PORTS.reviewFlood, { CONTENT_API_URL: `http://127.0.0.1:${PORTS.backend}` });
  try {
    let next = 0;
    let failures = 0;
    const worker = async () => {
      while (next < 3_000) {
        next += 1;
        const id = `${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
        const response = await fetch(`${server.origin}/blog/${id}`).catch(() => undefined);
        if (!response || response.status >= 500) failures += 1;
        await response?.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(failures).toBe(0);
    expect((await fetch(`${server.origin}/blog`)).status).toBe(200);
    expect(server.rssMb()).toBeLessThan(600);
  } finally {
    await server.stop();
  }
});
