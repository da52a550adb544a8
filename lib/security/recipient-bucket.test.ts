import { describe, expect, it } from 'vitest';
import { mailboxKey, recipientBucket } from './rate-limit';

// The second review's email field (docs/security.md): the per-recipient limit must count the
// mailbox the mail goes to, however it is written.
describe('recipientBucket', () => {
  const bucket = (email: string) => recipientBucket('order', email);

  it('is one bucket for one mailbox: case, surrounding space and the IDN domain in Unicode or punycode', () => {
    const victim = bucket('victim@example.net');
    for (const email of ['Victim@EXAMPLE.net', ' victim@example.net ', 'VICTIM@Example.Net'])
      expect(bucket(email), email).toBe(victim);
    const idn = bucket('ana@exämple.net');
    for (const email of [
      'ana@xn--exmple-cua.net',
      'Ana@EXÄMPLE.NET',
      'ANA@XN--EXMPLE-CUA.NET',
      'ana@exa\u0308mple.net',
    ])
      expect(bucket(email), email).toBe(idn);
    expect(bucket('ana@example.net')).not.toBe(idn);
    expect(recipientBucket('lookup', 'victim@example.net')).not.toBe(victim);
  });

  it('normalises to the lower-case mailbox with a punycode domain', () => {
    expect(mailboxKey(' Victim@EXAMPLE.net ')).toBe('victim@example.net');
    expect(mailboxKey('Ana@Exämple.NET')).toBe('ana@xn--exmple-cua.net');
  });
});
