import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMagicLinkEmail } from './magic-link';
import { sendMail, smtpOptions } from './transport';

const mail = buildMagicLinkEmail({
  to: 'ana@example.com',
  name: 'Ana Example',
  editionLabel: 'Français',
  link: 'https://amora.example/library/abc.def',
  orderId: 'order-42',
  expiresAt: new Date('2026-12-01T10:00:00Z'),
});

describe('magic-link email', () => {
  it('has the buyer’s name, the edition, the link and the support address in both parts', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Français');
      expect(part).toContain('https://amora.example/library/abc.def');
      expect(part).toContain('support@amora.example');
      expect(part).toContain('order-42');
    }
    expect(mail.text).toContain('Hi Ana Example,');
    expect(mail.html).toContain('Hi Ana Example,');
    expect(mail.subject).toBe('Your copy of The Love Blueprint is ready');
  });

  it('says in both parts that the demo shop took no payment, and only for a demo order', () => {
    const demo = buildMagicLinkEmail({ to: 'ana@example.com', name: 'Ana', editionLabel: 'English', link: 'https://amora.example/l', orderId: 'o', expiresAt: new Date(), demo: true });
    expect(demo.text).toContain('Demo shop: no payment is taken.');
    expect(demo.html).toContain('Demo shop: no payment is taken.');
    expect(mail.text).not.toContain('Demo shop');
    expect(mail.html).not.toContain('Demo shop');
  });

  it('never greets with text that is not a plain name (finding 1: attacker text in the sender’s voice)', () => {
    const phishing = buildMagicLinkEmail({ to: 'x@example.com', name: 'Your account is locked - verify at https://evil.example/login', editionLabel: 'English', link: 'https://amora.example/library/t', orderId: 'o', expiresAt: new Date() });
    for (const part of [phishing.text, phishing.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('locked');
    }
    expect(phishing.text).toMatch(/^Hi,$/m);
  });
});

describe('mail transport', () => {
  let server: SMTPServer;
  let port = 0;
  const received: string[] = [];
  let authAttempts = 0;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(_auth, _session, callback) {
        authAttempts += 1;
        callback(null, { user: 'relay' });
      },
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends through a real SMTP server on loopback', async () => {
    await sendMail(mail, { smtpUrl: `smtp://127.0.0.1:${port}` });
    expect(received).toHaveLength(1);
    const message = received[0]!;
    expect(message).toContain('To: ana@example.com');
    expect(message).toContain('Subject: Your copy of The Love Blueprint is ready');
    expect(message).toContain('Content-Type: text/plain');
    expect(message).toContain('Content-Type: text/html');
  });

  it('fails (so the caller can retry) when the SMTP server is down', async () => {
    await expect(sendMail(mail, { smtpUrl: 'smtp://127.0.0.1:9' })).rejects.toThrow();
  });

  it('writes an .eml file to the outbox when no SMTP server is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-outbox-'));
    const { file } = await sendMail(mail, { smtpUrl: '', outboxDir: dir });
    expect(readdirSync(dir)).toHaveLength(1);
    const eml = readFileSync(file!, 'utf8');
    // Finding 8: it carries a live link, so only the server's own user may read it.
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(eml).toMatch(/^From: /m);
    expect(eml).toContain('To: ana@example.com');
  });

  it('never sends SMTP credentials without TLS unless the URL says tls=off (finding 9)', async () => {
    expect(smtpOptions('smtp://user:pass@mail.example:587')).toMatchObject({ secure: false, requireTLS: true });
    expect(smtpOptions('smtp://user:pass@127.0.0.1:2525?tls=off')).toMatchObject({ requireTLS: false });
    expect(smtpOptions('smtps://user:pass@mail.example')).toMatchObject({ secure: true, port: 465 });
    expect(smtpOptions('smtp://127.0.0.1:2525')).toMatchObject({ requireTLS: false, auth: undefined });
    // Against a relay that offers no STARTTLS, the credentials are never sent.
    const before = received.length;
    await expect(sendMail(mail, { smtpUrl: `smtp://user:secret@127.0.0.1:${port}` })).rejects.toThrow(/STARTTLS|TLS/i);
    expect(received).toHaveLength(before);
    expect(authAttempts).toBe(0);
    await sendMail(mail, { smtpUrl: `smtp://user:secret@127.0.0.1:${port}?tls=off` });
    expect(authAttempts).toBe(1);
    expect(received).toHaveLength(before + 1);
  });
});
