// A local HTTPS + HTTP/2 front for the benchmarks. In production the site sits behind a TLS
// terminator or CDN that speaks HTTP/2; measuring over plain HTTP/1.1 on localhost would make
// Lighthouse's simulation queue every request behind six connections, which no visitor sees.
// Both our server and the floor page are measured through the same front, so ratios stay fair.
import http from 'node:http';
import http2 from 'node:http2';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TMP } from './lib.mjs';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'http2-settings',
  'host',
]);

function certificate() {
  const key = join(TMP, 'tls-key.pem');
  const cert = join(TMP, 'tls-cert.pem');
  if (!existsSync(key) || !existsSync(cert)) {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '30',
        '-subj',
        '/CN=localhost',
      ],
      { stdio: 'ignore' },
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * Serves https://localhost:{port} over HTTP/2 and forwards every request to `target` (http://…).
 * @param {string} target
 * @param {number} port
 * @returns {Promise<{ url: string, close: () => void }>}
 */
export function startTlsFront(target, port) {
  const server = http2.createSecureServer({ ...certificate(), allowHTTP1: true });
  server.on('request', (req, res) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
    );
    headers.host = new URL(target).host;
    headers['x-forwarded-proto'] = 'https';
    const upstream = http.request(new URL(req.url, target), { method: req.method, headers }, (answer) => {
      res.writeHead(
        answer.statusCode ?? 502,
        Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.has(name))),
      );
      answer.pipe(res);
    });
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(port, 'localhost', () => resolve({ url: `https://localhost:${port}`, close: () => server.close() })),
  );
}
