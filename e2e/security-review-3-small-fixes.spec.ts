import { connect } from 'node:net';
import { test, expect } from './fixtures';
import { PORTS, urlOf } from './support/ports';
import { startServer } from './support/server';

/**
 * The third security review's attacks (issue 46) that need a whole production server, each against
 * one started for its test. Every test here failed on the code before its fix.
 */

test('finding 4: +tag spellings of one mailbox get no more order emails than the mailbox itself', async () => {
  test.setTimeout(90_000);
  const server = await startServer(PORTS.reviewRecipients, { EMAIL_LIMIT_PER_HOUR: '3' });
  try {
    const order = async (email: string) =>
      (
        await fetch(`${server.origin}/api/orders`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.origin },
          body: JSON.stringify({
            editionId: 'en',
            name: 'Ana Buyer',
            email,
            paymentMethod: 'paypal',
            acceptDelivery: true,
          }),
        })
      ).status;
    const statuses: number[] = [];
    for (const email of [
      'victim@x.example',
      'victim@x.example',
      'victim@x.example',
      'victim@x.example',
      'victim+1@x.example',
      'victim+2@x.example',
      'victim+3@x.example',
      'Victim+4@X.example',
    ])
      statuses.push(await order(email));
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
  } finally {
    await server.stop();
  }
});

/** The status line of a request sent as these bytes (a header fetch would refuse to send), read until the server closes. */
function statusOf(origin: string, head: Buffer): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer.split('\r\n')[0]!));
    socket.on('error', reject);
    socket.write(head);
  });
}

test('finding 7: a Next-Action header is a 404, and none of its control characters reach the server’s output', async () => {
  test.setTimeout(90_000);
  // No colours (Playwright forces them on): then any control character in the output is one a request put there.
  const server = await startServer(PORTS.reviewLog, { NO_COLOR: '1' });
  const closed = new Promise((resolve) => server.child.once('close', resolve));
  // CSI 2J (clear the screen), CSI 31m (red), OSC 0 (the window's title), ST: C1 bytes, which Node's parser lets through.
  const action = Buffer.from([
    0x9b,
    ...Buffer.from('2J'),
    0x9b,
    ...Buffer.from('31mOWNED'),
    0x9d,
    ...Buffer.from('0;pwned'),
    0x9c,
  ]);
  try {
    for (const [method, path] of [
      ['POST', '/'],
      ['POST', '/fr/blog'],
      ['GET', '/'],
    ]) {
      const head = Buffer.concat([
        Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\nNext-Action: `),
        action,
        Buffer.from('\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
      ]);
      // Soft: before the fix, the log below shows what each of these wrote too.
      expect.soft(await statusOf(server.origin, head), `${method} ${path}`).toMatch(/^HTTP\/1\.1 40[45] /);
    }
  } finally {
    await server.stop();
  }
  // Stopped and its pipes closed: whatever it would have logged has been read.
  await closed;
  const output = server.output();
  expect(output).not.toMatch(/OWNED|pwned/);
  expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
});

test.describe('a hostile content backend’s covers', () => {
  test.use({ baseURL: urlOf(PORTS.hostile) });

  test('a cover path that names another host (/\\evil.example/…) never becomes an off-site og:image or image', async ({
    request,
    baseURL,
  }) => {
    const site = new URL(baseURL!).origin;
    // hostile-2 … hostile-8: '/\evil.example/cover.png' (in a JSON string and a list), '/%5Cevil…', '/<tab>/evil…'.
    for (const id of ['hostile-2', 'hostile-4', 'hostile-6', 'hostile-8']) {
      const response = await request.get(`/blog/${id}`);
      expect(response.status(), id).toBe(200);
      const html = await response.text();
      const images = [
        ...html.matchAll(/<meta (?:property|name)="(?:og|twitter):image" content="([^"]*)"/g),
        ...html.matchAll(/<img [^>]*src="([^"]*)"/g),
      ].map(([, url]) => url!.replaceAll('&amp;', '&'));
      expect(images.length, id).toBeGreaterThanOrEqual(3);
      for (const url of images) expect(new URL(url, `${site}/blog/${id}`).origin, `${id}: ${url}`).toBe(site);
      for (const block of html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)) {
        const image = (JSON.parse(block[1]!) as { image?: string }).image;
        if (image) expect(new URL(image).origin, `${id}: JSON-LD ${image}`).toBe(site);
      }
      expect(html, id).not.toContain('evil.example');
    }
  });
});
