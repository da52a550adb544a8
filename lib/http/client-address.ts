import { isIP } from 'node:net';

/**
 * The address a request came from, as far as this server can trust it. The front door
 * (lib/server/front-door.ts) works it out from the connection and hands it to route
 * handlers in this header, after dropping any copy the client sent.
 */
export const CLIENT_ADDRESS_HEADER = 'x-amora-client-address';
/** The Host the client asked for (Next itself is told its own origin; see front-door.ts). */
export const REQUEST_HOST_HEADER = 'x-amora-host';

/** `::ffff:10.0.0.1` is the IPv4 address 10.0.0.1 on a dual-stack socket. */
function normalise(address: string): string {
  const trimmed = address.trim();
  return trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/**
 * With `trustedHops` 0 (the default), X-Forwarded-For is never read: anyone can write it.
 * Behind N reverse proxies that each append the address they saw, the N-th entry from the
 * right was written by the outermost proxy we trust, so it is the client; entries to its
 * left are the client's own claims. An entry that is not an IP address is not trusted.
 */
export function clientAddressOf({ socketAddress, forwardedFor, trustedHops }: { socketAddress: string | undefined; forwardedFor: string | string[] | undefined; trustedHops: number }): string {
  const fromSocket = socketAddress ? normalise(socketAddress) : 'unknown';
  if (trustedHops <= 0 || forwardedFor === undefined) return fromSocket;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return fromSocket;
  const candidate = normalise(entries[Math.max(0, entries.length - trustedHops)]!);
  return isIP(candidate) ? candidate : fromSocket;
}

/** What a route handler uses to rate-limit a client. */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
