// deploy/nginx.conf.template filled and run, as deploy/cluster.ts (the whole topology) and
// deploy/nginx-cache.integration.test.ts (nginx alone, in front of a stand-in origin) both need it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every ${…} placeholder the template has (its header comment says what each is). */
export const NGINX_PLACEHOLDERS = [
  'PREFIX',
  'HTTP_PORT',
  'HTTPS_PORT',
  'HTTPS_REDIRECT',
  'TLS_CERT',
  'TLS_KEY',
  'UPSTREAMS',
  'SITE_URL',
  'SERVER_NAME',
  'BUILD_ID',
] as const;
export type NginxValues = Record<(typeof NGINX_PLACEHOLDERS)[number], string>;

/** Where the template keeps its shareable documents, under PREFIX (`npm run shop -- purge-cache` empties it). */
export const documentCacheDir = (prefix: string) => join(prefix, 'cache', 'documents');

/** The template with every placeholder filled; a placeholder without a value is an error, not a broken config. */
export function fillNginxTemplate(template: string, values: NginxValues): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`deploy/nginx.conf.template: no value for \${${name}}`);
    return value;
  });
}

/** The build an instance started from this checkout runs: what the template's BUILD_ID must be. */
export function buildIdOf(root: string): string {
  const file = join(root, '.next', 'BUILD_ID');
  if (!existsSync(file)) throw new Error('Build first: npm run build (.next/BUILD_ID is missing)');
  return readFileSync(file, 'utf8').trim();
}

/** A self-signed certificate for localhost (tests and local runs only). */
export function selfSignedCertificate(dir: string) {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  if (!existsSync(cert)) {
    mkdirSync(dir, { recursive: true });
    const result = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
  }
  return { cert, key };
}

const nginxBinary = () => ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/**
 * Writes the template filled with `values` over the running nginx's configuration, checks it and
 * reloads nginx (SIGHUP): new workers take the new configuration, the old ones finish their
 * requests. Its caches and listening sockets stay; idle keep-alive client connections of the old
 * workers are closed (a client sends its next request on a new one).
 */
export function reloadNginx(nginx: ChildProcess, template: string, values: NginxValues): void {
  const configFile = join(values.PREFIX, 'nginx.conf');
  writeFileSync(configFile, fillNginxTemplate(template, values));
  const check = spawnSync(
    nginxBinary()!,
    ['-t', '-p', values.PREFIX, '-c', configFile, '-e', join(values.PREFIX, 'error.log')],
    { encoding: 'utf8' },
  );
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr || check.stdout}`);
  nginx.kill('SIGHUP');
}

/**
 * Writes the filled template into `prefix` with the directories it names, checks it (`nginx -t`) and
 * starts nginx in the foreground; resolves once its plain-http side answers (with the redirect to https).
 */
export async function startNginx(template: string, values: NginxValues): Promise<ChildProcess> {
  const prefix = values.PREFIX;
  for (const sub of [
    'tmp/body',
    'tmp/proxy',
    'tmp/fastcgi',
    'tmp/uwsgi',
    'tmp/scgi',
    'cache/static',
    'cache/documents',
  ]) {
    mkdirSync(join(prefix, sub), { recursive: true });
    // nginx's workers run as another user when the master is root.
    chmodSync(join(prefix, sub), 0o777);
  }
  chmodSync(join(prefix, 'tmp'), 0o777);
  chmodSync(join(prefix, 'cache'), 0o777);
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, fillNginxTemplate(template, values));
  const nginxBin = nginxBinary();
  if (!nginxBin) throw new Error('nginx is not installed: apt-get install nginx (npm test installs it when missing)');
  const errorLog = join(prefix, 'error.log');
  const check = spawnSync(nginxBin, ['-t', '-p', prefix, '-c', configFile, '-e', errorLog], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr || check.stdout}`);
  const nginx = spawn(nginxBin, ['-p', prefix, '-c', configFile, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let tries = 0; ; tries += 1) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited: see ${errorLog}`);
    const answer = await fetch(`http://127.0.0.1:${values.HTTP_PORT}/`, { redirect: 'manual' }).catch(() => undefined);
    if (answer?.status === 301) break;
    if (tries > 100) {
      nginx.kill('SIGQUIT');
      throw new Error('nginx did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return nginx;
}
