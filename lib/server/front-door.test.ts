import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';
import { declarePersonalDocument } from '@/lib/http/document-policy';
import { NONCE_HEADER } from '@/lib/security/csp';
import { createFrontDoor } from './front-door';

type Seen = { headers: IncomingMessage['headers'] };
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The front door in front of a stand-in for Next, on a real socket. */
async function serve(trustedProxyHops: number, app: (req: IncomingMessage, res: ServerResponse) => Promise<void>) {
  server = createServer(createFrontDoor({ handle: app, trustedProxyHops, development: false }));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

const html = (seen: Seen[], before?: () => void) => async (req: IncomingMessage, res: ServerResponse) => {
  seen.push({ headers: { ...req.headers } });
  await new Promise((resolve) => setTimeout(resolve, 5));
  before?.();
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.end(`<script nonce="${req.headers[NONCE_HEADER]}"></script>`);
};

describe('front door', () => {
  it('takes the client address from the connection and drops every forwarding header a client sent (finding 1)', async () => {
    const seen: Seen[] = [];
    const origin = await serve(0, html(seen));
    await fetch(origin, { headers: { 'X-Forwarded-For': '6.6.6.6', 'X-Real-IP': '6.6.6.7', Forwarded: 'for=6.6.6.8', 'X-Forwarded-Host': 'evil.example', [CLIENT_ADDRESS_HEADER]: '6.6.6.9' } });
    const headers = seen[0]!.headers;
    expect(headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
    for (const name of ['x-forwarded-for', 'x-real-ip', 'forwarded', 'x-forwarded-host']) expect(headers[name], name).toBeUndefined();
  });

  it('behind one trusted proxy, reads the address that proxy appended', async () => {
    const seen: Seen[] = [];
    const origin = await serve(1, html(seen));
    await fetch(origin, { headers: { 'X-Forwarded-For': '6.6.6.6, 198.51.100.4', 'X-Forwarded-Proto': 'https' } });
    expect(seen[0]!.headers[CLIENT_ADDRESS_HEADER]).toBe('198.51.100.4');
  });

  it('gives every HTML response the CSP whose nonce the app was handed, and a private, revalidated cache policy', async () => {
    const seen: Seen[] = [];
    const origin = await serve(0, html(seen));
    const response = await fetch(`${origin}/blog/a.b`);
    const nonce = String(seen[0]!.headers[NONCE_HEADER]);
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('makes a document the route declared personal private and referrer-free (finding 5, 8)', async () => {
    const origin = await serve(0, html([], () => declarePersonalDocument()));
    const response = await fetch(`${origin}/%6Cibrary/token`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('keeps a header a route set itself, and gives non-documents a policy that runs nothing', async () => {
    const origin = await serve(0, async (_req, res) => {
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.end('%PDF');
    });
    const response = await fetch(`${origin}/api/download/x/y.pdf`);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
  });

  it('answers a malformed %-escape with 400 before the app sees it', async () => {
    const seen: Seen[] = [];
    const origin = await serve(0, html(seen));
    expect((await fetch(`${origin}/blog/%zz`)).status).toBe(400);
    expect(seen).toHaveLength(0);
  });
});

describe('whole documents', () => {
  it('sends a streamed HTML document in one piece with its length, and streams anything else', async () => {
    const origin = await serve(0, async (req, res) => {
      res.setHeader('Content-Type', req.url === '/doc' ? 'text/html; charset=utf-8' : 'text/x-component');
      // As Next does before its first chunk.
      res.flushHeaders();
      res.write('<p>one</p>');
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.write(Buffer.from('<p>two ✓</p>'));
      res.end('<p>three</p>');
    });
    const doc = await fetch(`${origin}/doc`);
    const body = '<p>one</p><p>two ✓</p><p>three</p>';
    expect(doc.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(doc.headers.get('transfer-encoding')).toBeNull();
    expect(await doc.text()).toBe(body);
    const stream = await fetch(`${origin}/flight`);
    expect(stream.headers.get('transfer-encoding')).toBe('chunked');
    expect(await stream.text()).toBe(body);
  });
});
