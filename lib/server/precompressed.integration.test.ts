import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { attachFrontDoor } from './front-door';

const SOURCE = `console.log(${JSON.stringify('amora '.repeat(400))});`;
let root: string;
let staticDir: string;
let server: Server | undefined;
let nextSaw: string[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'amora-static-'));
  staticDir = join(root, 'static');
  mkdirSync(join(staticDir, 'chunks'), { recursive: true });
  writeFileSync(join(staticDir, 'chunks', 'app.js'), SOURCE);
  writeFileSync(join(staticDir, 'chunks', 'app.js.br'), brotliCompressSync(SOURCE));
  writeFileSync(join(staticDir, 'chunks', 'app.js.gz'), gzipSync(SOURCE));
  writeFileSync(join(staticDir, 'chunks', 'small.js'), 'x');
  // Beside the static folder, where no request may reach.
  writeFileSync(join(root, 'secret.js.br'), brotliCompressSync('the secret'));
  writeFileSync(join(root, 'secret.js.gz'), gzipSync('the secret'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The front door with the static folder, in front of a stand-in for Next that answers every request itself. */
async function serve() {
  nextSaw = [];
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  const next = async (req: IncomingMessage, res: ServerResponse) => {
    nextSaw.push(req.url ?? '');
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('from Next');
  };
  attachFrontDoor(server, {
    handle: next,
    origin: { hostname: '127.0.0.1', port },
    trustedProxyHops: 0,
    development: false,
    staticDir,
  });
  return port;
}

/** A request sent with the path exactly as written (fetch would resolve dot segments first). */
function get(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the build’s static files, as the build compressed them', () => {
  it('sends the brotli copy to a client that takes it, with the headers of an immutable file, without asking Next', async () => {
    const port = await serve();
    const answer = await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.headers['content-security-policy']).toBeDefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.body.byteLength);
    // Sent as it is, not compressed a second time.
    expect(brotliDecompressSync(answer.body).toString()).toBe(SOURCE);
    expect(nextSaw).toEqual([]);
  });

  it('sends the gzip copy when brotli is not taken (or refused with q=0)', async () => {
    const port = await serve();
    for (const accept of ['gzip', 'br;q=0, gzip;q=0.5']) {
      const answer = await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toBe(SOURCE);
    }
  });

  // The third review's finding 8: `*, br;q=0` was sent brotli. Negotiated as RFC 9110 says (lib/http/quality-list.ts).
  it('honours the client’s weights and refusals: a coding with q=0 is never sent, whatever `*` says', async () => {
    const port = await serve();
    const cases: [string, string | undefined][] = [
      ['*, br;q=0', 'gzip'],
      ['BR;q=0, *', 'gzip'],
      ['*, gzip;q=0', 'br'],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['x-gzip', 'gzip'],
      ['*', 'br'],
      // Nothing the copies offer is acceptable: Next sends the file as it is.
      ['gzip;q=0', undefined],
      ['*, br;q=0, gzip;q=0', undefined],
      ['*;q=0', undefined],
      ['identity;q=0', undefined],
      ['', undefined],
    ];
    for (const [accept, coding] of cases) {
      nextSaw = [];
      const answer = await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(coding);
      expect(nextSaw, accept).toHaveLength(coding ? 0 : 1);
      if (coding === 'br') expect(brotliDecompressSync(answer.body).toString()).toBe(SOURCE);
      if (coding === 'gzip') expect(gunzipSync(answer.body).toString()).toBe(SOURCE);
    }
  });

  it('sends gzip when the brotli copy is missing and the client takes gzip, else leaves the file to Next', async () => {
    const port = await serve();
    writeFileSync(join(staticDir, 'chunks', 'gz-only.js'), SOURCE);
    writeFileSync(join(staticDir, 'chunks', 'gz-only.js.gz'), gzipSync(SOURCE));
    const path = '/_next/static/chunks/gz-only.js';
    const gzip = await get(port, path, { 'Accept-Encoding': 'br, gzip;q=0.1' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SOURCE);
    // gzip refused: Next answers (and the front door compresses what it sends as brotli, the coding the client takes).
    const refused = await get(port, path, { 'Accept-Encoding': 'br, gzip;q=0' });
    expect(refused.headers['content-encoding']).not.toBe('gzip');
    expect(nextSaw).toEqual([path]);
  });

  it('answers HEAD with the length and no body', async () => {
    const port = await serve();
    const answer = await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(answer.status).toBe(200);
    expect(Number(answer.headers['content-length'])).toBe(brotliCompressSync(SOURCE).byteLength);
    expect(answer.body.byteLength).toBe(0);
  });

  it('leaves to Next what it cannot answer exactly: no encoding taken, no compressed copy, a Range, a method other than GET and HEAD', async () => {
    const port = await serve();
    await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': 'identity' });
    await get(port, '/_next/static/chunks/small.js', { 'Accept-Encoding': 'br, gzip' });
    await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': 'br', Range: 'bytes=0-9' });
    await get(port, '/_next/static/chunks/app.js', { 'Accept-Encoding': 'br' }, 'POST');
    await get(port, '/_next/static/chunks/app.js.br', { 'Accept-Encoding': 'br' });
    expect(nextSaw).toEqual([
      '/_next/static/chunks/app.js',
      '/_next/static/chunks/small.js',
      '/_next/static/chunks/app.js',
      '/_next/static/chunks/app.js',
      '/_next/static/chunks/app.js.br',
    ]);
  });

  it('never reads a file outside the static folder, however the path is spelled', async () => {
    const port = await serve();
    const paths = [
      '/_next/static/../secret.js',
      '/_next/static/chunks/../../secret.js',
      '/_next/static/%2e%2e/secret.js',
      '/_next/static/chunks/..%2f..%2fsecret.js',
      '/_next/static//secret.js',
      '/_next/static/.%2e/secret.js',
    ];
    for (const path of paths) {
      for (const accept of ['br', 'gzip']) {
        const answer = await get(port, path, { 'Accept-Encoding': accept });
        const body =
          answer.headers['content-encoding'] === 'br'
            ? brotliDecompressSync(answer.body)
            : answer.headers['content-encoding'] === 'gzip'
              ? gunzipSync(answer.body)
              : answer.body;
        expect(body.toString(), path).toBe('from Next');
      }
    }
    expect(nextSaw).toHaveLength(paths.length * 2);
  });
});
