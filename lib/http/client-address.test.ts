import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';

describe('clientAddressOf (finding 1: the order limit trusted X-Forwarded-For)', () => {
  it('ignores X-Forwarded-For entirely when no proxy is trusted', () => {
    for (const forwardedFor of ['10.0.0.1', '1.2.3.4, 5.6.7.8', 'garbage', '']) {
      expect(clientAddressOf({ socketAddress: '203.0.113.9', forwardedFor, trustedHops: 0 })).toBe('203.0.113.9');
    }
  });
  it('takes the N-th entry from the right behind N proxies', () => {
    // The client wrote "6.6.6.6"; nginx appended the address it saw.
    expect(clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.7', trustedHops: 1 })).toBe('198.51.100.7');
    expect(clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.7, 10.0.0.2', trustedHops: 2 })).toBe('198.51.100.7');
    expect(clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: ['6.6.6.6', '198.51.100.7'], trustedHops: 1 })).toBe('198.51.100.7');
  });
  it('falls back to the connection when the trusted entry is missing or not an address', () => {
    expect(clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: undefined, trustedHops: 1 })).toBe('127.0.0.1');
    expect(clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: 'evil, not-an-ip', trustedHops: 1 })).toBe('127.0.0.1');
    expect(clientAddressOf({ socketAddress: undefined, forwardedFor: undefined, trustedHops: 0 })).toBe('unknown');
  });
  it('reads IPv4 addresses on a dual-stack socket as IPv4', () => {
    expect(clientAddressOf({ socketAddress: '::ffff:192.0.2.1', forwardedFor: undefined, trustedHops: 0 })).toBe('192.0.2.1');
    expect(clientAddressOf({ socketAddress: '::1', forwardedFor: undefined, trustedHops: 0 })).toBe('::1');
  });
});
