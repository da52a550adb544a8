import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

/**
 * The suite never reuses a server it did not start: before anything starts, every test port must
 * be free. A busy one is named with the process that holds it (read from Linux's /proc; elsewhere
 * Playwright's own "already used" error still stops the run).
 */
export function busyPorts(ports: readonly number[]): string[] {
  if (!existsSync('/proc/net/tcp')) return [];
  const wanted = new Set(ports);
  const listening = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; field 9 is the socket's inode.
      const port = parseInt(fields[1]?.split(':')[1] ?? '', 16);
      if (fields[3] === '0A' && wanted.has(port)) listening.set(fields[9]!, port);
    }
  }
  const owners = new Map<number, string>();
  if (listening.size) {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let fds: string[] = [];
      try {
        fds = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue; // gone, or not ours to read
      }
      for (const fd of fds) {
        let target = '';
        try {
          target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        const port = listening.get(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '');
        if (port !== undefined && !owners.has(port)) owners.set(port, `pid ${pid} (${commandOf(pid)})`);
      }
    }
  }
  return [...new Set(listening.values())]
    .sort((a, b) => a - b)
    .map((port) => `port ${port} is in use by ${owners.get(port) ?? 'a process this user cannot see'}`);
}

function commandOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 120);
  } catch {
    return 'unknown';
  }
}
