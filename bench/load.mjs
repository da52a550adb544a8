// Load-testing helpers for `npm run bench`: autocannon runs, an in-memory HTML reference
// server, and the resident memory of a server's process tree.
import autocannon from 'autocannon';
import { createServer } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';

/** What load() reports: requests per second, latency percentiles (ms), failures and the total. @typedef {{ rps: number, p50: number, p99: number, non2xx: number, errors: number, total: number }} Load */

/**
 * autocannon at `connections` for `duration` seconds: requests/s and latency percentiles.
 * @param {string} url
 * @param {Pick<import('autocannon').Options, 'connections' | 'duration' | 'requests' | 'tlsOptions' | 'headers'>} [options]
 * @returns {Promise<Load>}
 */
export async function load(url, { connections = 50, duration = 10, requests, tlsOptions, headers } = {}) {
  const result = await autocannon({
    url,
    connections,
    duration,
    requests,
    ...(tlsOptions ? { tlsOptions } : {}),
    ...(headers ? { headers } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/**
 * The first reference: each page's HTML, fetched once, served from memory by a plain Node
 * server. It is what serving that exact document costs with no rendering at all.
 * @param {string} siteUrl
 * @param {string[]} paths
 * @param {number} port
 */
export async function startMemoryServer(siteUrl, paths, port) {
  /** @type {Map<string, Buffer>} */
  const pages = new Map();
  for (const path of paths) pages.set(path, Buffer.from(await (await fetch(`${siteUrl}${path}`)).text()));
  const server = createServer((req, res) => {
    const body = pages.get(req.url ?? '/');
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
    res.end(body);
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(port, 'localhost', resolve)));
  return { url: `http://localhost:${port}`, close: () => server.close() };
}

/**
 * Resident set size (MB) of a process and all its descendants, from /proc.
 * @param {number | undefined} pid undefined (a process that did not start): 0
 */
export function treeRssMb(pid) {
  /** @type {Map<number, number>} pid → parent pid */
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process has gone
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1)
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  let kb = 0;
  for (const p of tree) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // the process has gone
    }
  }
  return Math.round(kb / 1024);
}
