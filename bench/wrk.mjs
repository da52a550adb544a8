// wrk (Debian's /usr/bin/wrk) for the shared-documents bench: a load generator in C that is not
// itself the limit (autocannon tops out below 1,000 req/s on a 234 KB body here; wrk measures nginx
// at about 14,000). Its Lua script (wrk-report.lua) reports the figures as one JSON line.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

/**
 * What one wrk run measured: requests per second, latency percentiles (ms), answers that were not
 * 2xx or 3xx, socket errors (connect, read, write, timeout), and the total.
 * @typedef {{ rps: number, p50: number, p90: number, p99: number, max: number, non2xx: number, errors: number, total: number, mbPerSecond: number }} WrkLoad
 */

export const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

/**
 * wrk against `url` for `duration` seconds.
 * @param {string} url
 * @param {{ duration: number, connections?: number, threads?: number, headers?: Record<string, string>, paths?: string[] }} options
 *   paths: several paths of the same origin, requested in turn (url's own path is then ignored)
 * @returns {Promise<WrkLoad>}
 */
export function wrk(url, { duration, connections = 50, threads = 2, headers = {}, paths }) {
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    `-d${duration}s`,
    '--timeout',
    '10s',
    '-s',
    join(ROOT, 'bench', 'wrk-report.lua'),
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  return new Promise((resolve, reject) => {
    execFile(
      WRK,
      args,
      { env: { ...process.env, WRK_PATHS: paths?.join(',') ?? '' }, maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`wrk failed on ${url}: ${error.message}\n${stderr}`));
        const line = /^WRK_JSON (.*)$/m.exec(stdout)?.[1];
        if (!line) return reject(new Error(`wrk printed no figures for ${url}:\n${stdout}${stderr}`));
        const r = JSON.parse(line);
        const seconds = r.durationUs / 1e6;
        /** @param {number} us */
        const ms = (us) => Math.round(us / 100) / 10;
        resolve({
          rps: Math.round(r.requests / seconds),
          p50: ms(r.p50Us),
          p90: ms(r.p90Us),
          p99: ms(r.p99Us),
          max: ms(r.maxUs),
          non2xx: r.status,
          errors: r.connect + r.read + r.write + r.timeout,
          total: r.requests,
          mbPerSecond: Math.round(r.bytes / seconds / 1e5) / 10,
        });
      },
    );
  });
}

/**
 * Several wrk processes at once, one per URL (the same server reached from another client address),
 * each with its share of the connections and one thread: nginx allows 100 requests in progress per
 * client address (deploy/nginx.conf.template), and a spike comes from many. Their figures added up;
 * the percentiles are the higher of the processes' own.
 * @param {string[]} urls
 * @param {{ duration: number, connections: number, headers?: Record<string, string>, paths?: string[] }} options
 * @returns {Promise<WrkLoad>}
 */
export async function wrkTogether(urls, { connections, ...options }) {
  const loads = await Promise.all(
    urls.map((url) => wrk(url, { ...options, connections: Math.round(connections / urls.length), threads: 1 })),
  );
  /** @param {(l: WrkLoad) => number} pick */
  const sum = (pick) => loads.reduce((total, l) => total + pick(l), 0);
  /** @param {(l: WrkLoad) => number} pick */
  const max = (pick) => Math.max(...loads.map(pick));
  return {
    rps: sum((l) => l.rps),
    p50: max((l) => l.p50),
    p90: max((l) => l.p90),
    p99: max((l) => l.p99),
    max: max((l) => l.max),
    non2xx: sum((l) => l.non2xx),
    errors: sum((l) => l.errors),
    total: sum((l) => l.total),
    mbPerSecond: Math.round(sum((l) => l.mbPerSecond) * 10) / 10,
  };
}
