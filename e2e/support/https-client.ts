import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { connect } from 'node:tls';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * Requests to the deploy's nginx (a self-signed certificate for localhost) written exactly as a test
 * means them: no cookie jar, no header added, the body decoded from its coding. Shared by
 * deploy/nginx-cache.integration.test.ts and e2e/shared-cache.spec.ts.
 */
export type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

const decode = (body: Buffer, coding: string | undefined) =>
  (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

/** One request to https://localhost:`port` (connected at 127.0.0.1), with a Host header of localhost:`port` unless `headers` says another. */
export function httpsRequest(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        servername: 'localhost',
        rejectUnauthorized: false,
        agent: false,
        method,
        path,
        headers: { Host: `localhost:${port}`, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: decode(Buffer.concat(chunks), res.headers['content-encoding']),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** A chunked body's bytes. */
function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; ;) {
    const end = body.indexOf('\r\n', at);
    const size = parseInt(body.subarray(at, end).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(body.subarray(end + 2, end + 2 + size));
    at = end + 2 + size + 2;
  }
}

/**
 * A request written byte for byte (an absolute-form target, say) over TLS to 127.0.0.1:`port`; it
 * must say `Connection: close`, and the server's close ends it. Written, not ended: nginx takes a
 * client that closes its side for one that left, and answers it nothing.
 */
export function rawHttpsRequest(port: number, text: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'localhost', rejectUnauthorized: false }, () =>
      socket.write(text),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const received = Buffer.concat(chunks);
      const split = received.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = received.subarray(0, split).toString('latin1').split('\r\n');
      const headers: IncomingHttpHeaders = {};
      for (const line of lines)
        headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      const raw = received.subarray(split + 4);
      const body = headers['transfer-encoding'] === 'chunked' ? unchunk(raw) : raw;
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: decode(body, headers['content-encoding'] as string | undefined),
      });
    });
  });
}
