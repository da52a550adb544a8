import { ROUTE_PATTERNS, UNMATCHED } from '@/lib/http/route-pattern';

/**
 * Label values, each from a fixed set: a label's every value is a time series Prometheus keeps,
 * and a value made of what a client sent (a path, a token, an address) would both leak it and
 * let anyone grow the series without bound. So nothing reaches a label except through here.
 */

const ROUTES = new Set(ROUTE_PATTERNS);

/** A route pattern (lib/http/route-pattern.ts), or `[unmatched]` for anything that is not one. */
export function routeLabel(route: string): string {
  return ROUTES.has(route) ? route : UNMATCHED;
}

/** 2xx, 3xx, 4xx, 5xx (1xx too); anything else, `other`. */
export function statusClass(status: number): string {
  return Number.isInteger(status) && status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other';
}

/** The kinds of the database's rate limits (lib/security/rate-limit.ts's buckets), as their routes name them. */
const RATE_LIMIT_KINDS = new Set(['order', 'order-status', 'lookup', 'resend', 'download', 'kindle']);
/** What a bucket counts by: the client's address, the recipient's mailbox, the recipient's domain. */
const SCOPES: Record<string, string> = { from: 'per_client', to: 'per_recipient', domain: 'per_domain' };

/**
 * A rate limit's name from its bucket (`order:from:<address>` is `order_per_client`): the kind and
 * the scope, never the address or digest after them; a bucket of no known form is `other`.
 */
export function rateLimitName(bucket: string): string {
  const [kind = '', scope = ''] = bucket.split(':', 2);
  const by = SCOPES[scope];
  return RATE_LIMIT_KINDS.has(kind) && by ? `${kind.replace('-', '_')}_${by}` : 'other';
}

/** The front door's own limits (lib/server/connection-limits.ts) and the stamping queue's. */
export type OwnLimit =
  'connections' | 'connections_per_client' | 'requests_per_client' | 'body_deadline' | 'stamping_queue';

/** A database error's SQLSTATE class (its first two characters: 23 integrity, 08 connection, 57 shutdown…), else `none`. */
export function sqlStateClass(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code.slice(0, 2) : 'none';
}
