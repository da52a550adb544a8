import { describe, expect, it } from 'vitest';
import { clientBucket } from './rate-limit';

describe('clientBucket (finding 7: 12 orders from one IPv6 /64 all got 201)', () => {
  it('gives every address of one IPv6 /64 one bucket, and another /64 its own', () => {
    expect(clientBucket('order', '2001:db8::1')).toBe(clientBucket('order', '2001:0db8:0:0:ffff::2'));
    expect(clientBucket('order', '2001:db8::1')).not.toBe(clientBucket('order', '2001:db8:0:1::1'));
  });
  it('gives each IPv4 address its own bucket, the same mapped into IPv6 or not', () => {
    expect(clientBucket('order', '192.0.2.1')).not.toBe(clientBucket('order', '192.0.2.2'));
    expect(clientBucket('order', '::ffff:192.0.2.1')).toBe(clientBucket('order', '192.0.2.1'));
  });
});
