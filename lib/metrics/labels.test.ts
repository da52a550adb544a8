import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS } from '@/lib/http/route-pattern';
import { clientBucket, domainBucket, recipientBucket } from '@/lib/security/rate-limit';
import { rateLimitName, routeLabel, sqlStateClass, statusClass } from './labels';

describe('metric labels', () => {
  it('takes a route pattern as it is, and anything else (a raw path, a token) as [unmatched]', () => {
    for (const pattern of ROUTE_PATTERNS) expect(routeLabel(pattern)).toBe(pattern);
    expect(routeLabel('/en/library/v1.b3JkZXI.c2lnbmF0dXJl')).toBe('[unmatched]');
    expect(routeLabel('/api/download/v1.b3JkZXI.c2lnbmF0dXJl/the-love-blueprint-en.pdf')).toBe('[unmatched]');
    expect(routeLabel('')).toBe('[unmatched]');
  });

  it('names a status by its class only', () => {
    expect([101, 200, 204, 304, 404, 429, 499, 500, 503].map(statusClass)).toEqual([
      '1xx',
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '4xx',
      '5xx',
      '5xx',
    ]);
    expect([0, 99, 600, 200.5, Number.NaN].map(statusClass)).toEqual(['other', 'other', 'other', 'other', 'other']);
  });

  it("names a rate limit by its kind and scope, never by the bucket's address or mailbox", () => {
    expect(rateLimitName(clientBucket('order', '203.0.113.9'))).toBe('order_per_client');
    expect(rateLimitName(clientBucket('order-status', '2001:db8::1'))).toBe('order_status_per_client');
    expect(rateLimitName(recipientBucket('order', 'ana@example.com'))).toBe('order_per_recipient');
    expect(rateLimitName(domainBucket('order', 'ana@example.com'))).toBe('order_per_domain');
    expect(rateLimitName(clientBucket('lookup', '203.0.113.9'))).toBe('lookup_per_client');
    expect(rateLimitName(recipientBucket('lookup', 'ana@example.com'))).toBe('lookup_per_recipient');
    expect(rateLimitName(recipientBucket('kindle', 'ana@kindle.com'))).toBe('kindle_per_recipient');
    expect(rateLimitName(clientBucket('kindle', '203.0.113.9'))).toBe('kindle_per_client');
    expect(rateLimitName(recipientBucket('resend', 'ana@example.com'))).toBe('resend_per_recipient');
    expect(rateLimitName(clientBucket('download', '203.0.113.9'))).toBe('download_per_client');
    // Of no known form: one name for all, nothing of what it holds.
    for (const bucket of ['ana@example.com:from:x', 'order:ana@example.com', 'made-up:from:203.0.113.9', '', 'order'])
      expect(rateLimitName(bucket)).toBe('other');
  });

  it("names a database error by its SQLSTATE class, and one without a code as 'none'", () => {
    expect(sqlStateClass(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe('23');
    expect(sqlStateClass(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe('57');
    expect(sqlStateClass(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe('none');
    expect(sqlStateClass(new Error('timeout'))).toBe('none');
    expect(sqlStateClass(undefined)).toBe('none');
  });
});
