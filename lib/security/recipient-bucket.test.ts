import { describe, expect, it } from 'vitest';
import { domainBucket, mailboxKey, recipientBucket } from './rate-limit';

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

  // The third review's finding 4: `victim+1@…`, `Victim+4@X.example` got past the limit of `victim@…`.
  it.each([
    ['victim@x.example', 'victim@x.example'],
    ['victim+1@x.example', 'victim@x.example'],
    ['Victim+4@X.example', 'victim@x.example'],
    ['victim+a+b@x.example', 'victim@x.example'],
    ['victim+@x.example', 'victim@x.example'],
    ['+tag@x.example', '@x.example'],
    // Dots matter except where the provider documents that it ignores them.
    ['vic.tim@x.example', 'vic.tim@x.example'],
    ['vic.tim+x@outlook.com', 'vic.tim@outlook.com'],
    ['Vic.Tim@gmail.com', 'victim@gmail.com'],
    ['v.i.c.t.i.m+shop@googlemail.com', 'victim@gmail.com'],
    ['VICTIM@GoogleMail.COM', 'victim@gmail.com'],
    ['victim@mail.gmail.com', 'victim@mail.gmail.com'],
    ['victim@gmail.com.evil.example', 'victim@gmail.com.evil.example'],
    ['a.na+x@exämple.net', 'a.na@xn--exmple-cua.net'],
  ])('writes %j as the mailbox %j', (email, mailbox) => {
    expect(mailboxKey(email)).toBe(mailbox);
    expect(recipientBucket('order', email)).toBe(recipientBucket('order', mailbox));
  });

  it('counts a domain once however it is written, and gmail.com with googlemail.com', () => {
    const domain = (email: string) => domainBucket('order', email);
    expect(domain('a@X.Example')).toBe(domain('b+c@x.example'));
    expect(domain('a@gmail.com')).toBe(domain('b@googlemail.com'));
    expect(domain('ana@exämple.net')).toBe(domain('bo@xn--exmple-cua.net'));
    expect(domain('a@x.example')).not.toBe(domain('a@y.example'));
    expect(domain('a@x.example')).not.toBe(recipientBucket('order', 'a@x.example'));
    expect(domainBucket('lookup', 'a@x.example')).not.toBe(domain('a@x.example'));
  });
});
