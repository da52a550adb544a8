import { describe, expect, it } from 'vitest';
import { clientAddressOf, proxyRequestIdOf, rateLimitSubject } from './client-address';

describe('clientAddressOf (finding 1: the order limit trusted X-Forwarded-For)', () => {
  it('ignores X-Forwarded-For entirely when no proxy is trusted', () => {
    for (const forwardedFor of ['10.0.0.1', '1.2.3.4, 5.6.7.8', 'garbage', '']) {
      expect(clientAddressOf({ socketAddress: '203.0.113.9', forwardedFor, trustedHops: 0 })).toBe('203.0.113.9');
    }
  });
  it('takes the N-th entry from the right behind N proxies', () => {
    // The client wrote "6.6.6.6"; nginx appended the address it saw.
    expect(clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.7', trustedHops: 1 })).toBe(
      '198.51.100.7',
    );
    expect(
      clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: '6.6.6.6, 198.51.100.7, 10.0.0.2', trustedHops: 2 }),
    ).toBe('198.51.100.7');
    expect(
      clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: ['6.6.6.6', '198.51.100.7'], trustedHops: 1 }),
    ).toBe('198.51.100.7');
  });
  it('falls back to the connection when the trusted entry is missing or not an address', () => {
    expect(clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: undefined, trustedHops: 1 })).toBe('127.0.0.1');
    expect(clientAddressOf({ socketAddress: '127.0.0.1', forwardedFor: 'evil, not-an-ip', trustedHops: 1 })).toBe(
      '127.0.0.1',
    );
    expect(clientAddressOf({ socketAddress: undefined, forwardedFor: undefined, trustedHops: 0 })).toBe('unknown');
  });
  it('reads IPv4 addresses on a dual-stack socket as IPv4', () => {
    expect(clientAddressOf({ socketAddress: '::ffff:192.0.2.1', forwardedFor: undefined, trustedHops: 0 })).toBe(
      '192.0.2.1',
    );
    expect(clientAddressOf({ socketAddress: '::1', forwardedFor: undefined, trustedHops: 0 })).toBe('::1');
  });
});

describe('rateLimitSubject (finding 7: IPv6 clients got a bucket per address, not per /64)', () => {
  it('counts an IPv6 address by its /64, however it is written', () => {
    for (const address of [
      '2001:db8::1',
      '2001:0db8:0:0:ffff::2',
      '2001:DB8:0000:0000:1:2:3:4',
      '2001:db8::1.2.3.4',
      ' 2001:db8::9 ',
    ]) {
      expect(rateLimitSubject(address), address).toBe('2001:db8:0:0::/64');
    }
    expect(rateLimitSubject('::1')).toBe('0:0:0:0::/64');
  });
  it('keeps different /64s apart', () => {
    expect(rateLimitSubject('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(rateLimitSubject('2001:db9::1')).not.toBe(rateLimitSubject('2001:db8::1'));
  });
  it('drops a zone id', () => {
    expect(rateLimitSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(rateLimitSubject('fe80::2%2')).toBe(rateLimitSubject('fe80::1'));
  });
  it('counts IPv4, mapped into IPv6 or not, by its address', () => {
    expect(rateLimitSubject('192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitSubject('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(rateLimitSubject('::FFFF:c000:201')).toBe('192.0.2.1');
    expect(rateLimitSubject('0:0:0:0:0:ffff:192.0.2.2')).toBe('192.0.2.2');
  });
  it('leaves anything that is not an address as it is, without throwing', () => {
    for (const input of [
      'unknown',
      '',
      'garbage',
      '1::2::3',
      '2001:db8::1::',
      '12345::',
      '1.2.3.4%eth0',
      '%',
      ':::',
      'x'.repeat(500),
    ]) {
      expect(rateLimitSubject(input), input).toBe(input.trim());
    }
  });
});

describe('proxyRequestIdOf (third review, finding 6: nginx’s retry of a download must find its claim)', () => {
  it('reads X-Request-Id only from a trusted proxy, and only a plain token', () => {
    const id = '9f86d081884c7d659a2feaa0c55ad015';
    expect(proxyRequestIdOf({ requestId: id, trustedHops: 1 })).toBe(id);
    expect(proxyRequestIdOf({ requestId: id, trustedHops: 0 })).toBeUndefined();
    for (const requestId of [undefined, [id, id], 'short', 'has space in it', 'x'.repeat(129), 'a,b,c,d,e,f,g'])
      expect(proxyRequestIdOf({ requestId, trustedHops: 1 }), String(requestId)).toBeUndefined();
  });
});
