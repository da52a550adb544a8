import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { FEED_CONTENT_TYPE } from '@/lib/blog/feed';
import { LOCALE_HEADER } from '@/lib/http/request-headers';
import { API_CSP } from '@/lib/security/csp';
import { attachFrontDoor } from './front-door';

// The feeds are files to the front door (/feed.xml, /fr/feed.xml): no language redirect, no page
// policy; they reach Next as asked, leave with their own content type, and are shared documents
// (lib/http/sharing-policy.ts): rendered once, then served from the store.
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

const FEED = `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">${'<entry/>'.repeat(300)}</feed>\n`;

/** The front door in front of a stand-in for the feed route, on a real socket. */
async function serveFeed(seen: IncomingMessage['headers'][], urls: string[]) {
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ ...req.headers });
    urls.push(req.url ?? '');
    res.writeHead(200, { 'Content-Type': FEED_CONTENT_TYPE, 'Cache-Control': 'public, max-age=60' });
    res.end(FEED);
  };
  attachFrontDoor(server, { handle, origin: { hostname: '127.0.0.1', port }, trustedProxyHops: 0, development: false });
  return `http://127.0.0.1:${port}`;
}

describe('front door: the Atom feeds', () => {
  it('lets /feed.xml and /fr/feed.xml through as asked, whatever language the visitor remembers', async () => {
    const seen: IncomingMessage['headers'][] = [];
    const urls: string[] = [];
    const origin = await serveFeed(seen, urls);
    const asked = { Cookie: 'NEXT_LOCALE=de', 'Accept-Language': 'ja', 'Accept-Encoding': 'identity' };
    for (const path of ['/feed.xml', '/fr/feed.xml', '/feed.xml']) {
      const response = await fetch(`${origin}${path}`, { headers: asked, redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(FEED_CONTENT_TYPE);
      expect(response.headers.get('content-security-policy')).toBe(API_CSP);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300');
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      expect(await response.text()).toBe(FEED);
    }
    // Each reached the app once, at its own path, with no language decided for it; the third was stored.
    expect(urls).toEqual(['/feed.xml', '/fr/feed.xml']);
    for (const headers of seen) expect(headers[LOCALE_HEADER]).toBeUndefined();
  });

  it('compresses a feed for a reader that takes gzip', async () => {
    const origin = await serveFeed([], []);
    // node:http, not fetch: fetch would undo the compression before the test could see it.
    const { encoding, body } = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) =>
      get(`${origin}/fr/feed.xml`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject),
    );
    expect(encoding).toBe('gzip');
    expect(gunzipSync(body).toString('utf8')).toBe(FEED);
  });
});
