// The physical limit the shared-documents bench compares with: nginx serving the very bytes a
// cache hit returns as static files. Each document is written three ways: its brotli copy, sent
// with Content-Encoding: br (/br/<name>), and its plain and gzip copies for gzip_static
// (/gz/<name>.html); each location also sends the document's own headers (its CSP with its hashes,
// and the rest), so that a response's header block is about the size of the one it stands for.
// Plain HTTP and TLS, with the deploy's TLS settings (deploy/nginx.conf.template).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** @typedef {{ name: string, headers: [string, string][], identity: Buffer, br: Buffer, gzip: Buffer }} StaticDocument */

/** Headers nginx writes itself for a static file (or that describe another body), not copied. */
const OWN = new Set([
  'date',
  'server',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-type',
  'content-encoding',
  'etag',
  'last-modified',
  'accept-ranges',
]);

/**
 * One header as an add_header line. nginx reads `$` in a value as a variable and has no escape for
 * it, so a value with one cannot be copied (no header of the site's has one).
 * @param {string} name
 * @param {string} value
 */
function addHeader(name, value) {
  if (value.includes('$')) throw new Error(`static-nginx: cannot copy ${name} (it holds a $)`);
  return `      add_header ${name} "${value.replace(/[\\"]/g, (c) => `\\${c}`)}" always;`;
}

/**
 * Writes the documents and the configuration under `prefix`, and starts nginx in the foreground.
 * @param {{ prefix: string, httpPort: number, httpsPort: number, cert: string, key: string, documents: StaticDocument[] }} options
 */
export async function startStaticNginx({ prefix, httpPort, httpsPort, cert, key, documents }) {
  rmSync(prefix, { recursive: true, force: true });
  const www = join(prefix, 'www');
  for (const sub of ['www', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
    mkdirSync(join(prefix, sub), { recursive: true });
  const locations = [];
  for (const doc of documents) {
    if (!/^[a-z0-9-]+$/.test(doc.name)) throw new Error(`static-nginx: a document's name must be plain: ${doc.name}`);
    writeFileSync(join(www, `${doc.name}.html`), doc.identity);
    writeFileSync(join(www, `${doc.name}.html.gz`), doc.gzip);
    writeFileSync(join(www, `${doc.name}.html.br`), doc.br);
    const headers = doc.headers.filter(([name]) => !OWN.has(name.toLowerCase())).map(([n, v]) => addHeader(n, v));
    locations.push(
      `    location = /br/${doc.name} {`,
      `      alias ${join(www, `${doc.name}.html.br`)};`,
      '      types { }',
      '      default_type "text/html; charset=utf-8";',
      '      add_header Content-Encoding br always;',
      ...headers,
      '    }',
      `    location = /gz/${doc.name}.html {`,
      `      alias ${join(www, `${doc.name}.html`)};`,
      '      gzip_static on;',
      '      charset utf-8;',
      ...headers,
      '    }',
    );
  }
  const config = [
    // nginx's workers otherwise run as nobody, who may not read a checkout's files.
    'user root;',
    'worker_processes auto;',
    `pid ${prefix}/nginx.pid;`,
    `error_log ${prefix}/error.log warn;`,
    'worker_rlimit_nofile 16384;',
    'events { worker_connections 8192; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    // The deploy writes an access log line per request too.
    `  access_log ${prefix}/access.log;`,
    ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${prefix}/tmp/${t};`,
    ),
    '  server_tokens off;',
    '  sendfile on;',
    '  server {',
    `    listen 127.0.0.1:${httpPort};`,
    `    listen 127.0.0.1:${httpsPort} ssl http2;`,
    `    ssl_certificate ${cert};`,
    `    ssl_certificate_key ${key};`,
    '    ssl_protocols TLSv1.2 TLSv1.3;',
    '    ssl_session_cache shared:tls:10m;',
    '    ssl_session_timeout 1d;',
    ...locations,
    '  }',
    '}',
    '',
  ].join('\n');
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  chmodSync(prefix, 0o755);
  const bin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
  if (!bin) throw new Error('nginx is not installed');
  const errorLog = join(prefix, 'error.log');
  const check = spawnSync(bin, ['-t', '-p', prefix, '-c', configFile, '-e', errorLog], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`static nginx: nginx -t failed: ${check.stderr || check.stdout}`);
  const child = spawn(bin, ['-p', prefix, '-c', configFile, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () =>
    /** @type {Promise<void>} */ (
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      })
    );
  const url = `http://127.0.0.1:${httpPort}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`static nginx exited: see ${errorLog}`);
    const first = documents[0]?.name;
    const answer = await fetch(`${url}/br/${first}`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (tries > 100) {
      await stop();
      throw new Error(`static nginx did not answer: see ${errorLog}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, httpsUrl: `https://127.0.0.1:${httpsPort}`, stop };
}
