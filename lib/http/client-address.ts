import { isIP, isIPv4, isIPv6 } from 'node:net';
import { CLIENT_ADDRESS_HEADER } from './request-headers';

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
export function clientAddressOf({
  socketAddress,
  forwardedFor,
  trustedHops,
}: {
  socketAddress: string | undefined;
  forwardedFor: string | string[] | undefined;
  trustedHops: number;
}): string {
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

/**
 * The id a trusted proxy gave this request (deploy/nginx.conf.template sets X-Request-Id to nginx's
 * $request_id, which stays the same when nginx passes the request on to another instance). With no
 * trusted proxy the header is the client's own words and is never read; an id that is not a plain
 * token is not one a proxy wrote.
 */
export function proxyRequestIdOf({
  requestId,
  trustedHops,
}: {
  requestId: string | string[] | undefined;
  trustedHops: number;
}): string | undefined {
  return trustedHops > 0 && typeof requestId === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(requestId)
    ? requestId
    : undefined;
}

/** What a route handler uses to rate-limit a client. */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}

/**
 * Whom a rate limit counts: an IPv4 address, or an IPv6 address's /64, since one subscriber is
 * given a whole /64 and could otherwise take a new bucket per address (docs/security.md, second
 * review). An IPv4
 * address mapped into IPv6 is the IPv4 address; anything that is not an address stays as it is.
 */
export function rateLimitSubject(address: string): string {
  const trimmed = address.trim();
  if (isIPv4(trimmed) || !isIPv6(trimmed)) return trimmed;
  const groups = ipv6Groups(trimmed.replace(/%.*$/s, '')); // a zone id (fe80::1%eth0) names our interface, not the client
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** A valid IPv6 address's eight 16-bit groups, however it is written ("::", a dotted IPv4 tail). */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${(+dotted[1]! * 256 + +dotted[2]!).toString(16)}:${(+dotted[3]! * 256 + +dotted[4]!).toString(16)}`
    : address;
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = hex.split('::');
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
