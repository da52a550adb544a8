import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMagicLinkEmail } from './magic-link';
import en from '@/content/messages/en.json';
import { sendMail, smtpOptions } from './transport';
import { sampleMagicLinkMail } from './sample-mail';

// A real SMTP server on loopback; the email's content (and the outbox) are in mail.test.ts.
const mail = buildMagicLinkEmail(sampleMagicLinkMail, 'en', en);

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
    // This relay offers no STARTTLS: it is used in clear only because the URL says so.
    await sendMail(mail, { smtpUrl: `smtp://127.0.0.1:${port}?tls=off` });
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

  it('never sends SMTP credentials without TLS unless the URL says tls=off (finding 9)', async () => {
    expect(smtpOptions('smtp://user:pass@mail.example:587')).toMatchObject({ secure: false, requireTLS: true });
    expect(smtpOptions('smtp://user:pass@127.0.0.1:2525?tls=off')).toMatchObject({ requireTLS: false });
    expect(smtpOptions('smtps://user:pass@mail.example')).toMatchObject({ secure: true, port: 465 });
    expect(smtpOptions('smtp://127.0.0.1:2525?tls=off')).toMatchObject({ requireTLS: false, auth: undefined });
    // Against a relay that offers no STARTTLS, the credentials are never sent.
    const before = received.length;
    await expect(sendMail(mail, { smtpUrl: `smtp://user:secret@127.0.0.1:${port}` })).rejects.toThrow(/STARTTLS|TLS/i);
    expect(received).toHaveLength(before);
    expect(authAttempts).toBe(0);
    await sendMail(mail, { smtpUrl: `smtp://user:secret@127.0.0.1:${port}?tls=off` });
    expect(authAttempts).toBe(1);
    expect(received).toHaveLength(before + 1);
  });

  it('never sends a message (its magic link) in clear without credentials either, unless the URL says tls=off (finding 10)', async () => {
    // The same relay without STARTTLS: refused before any message is handed over.
    const before = received.length;
    await expect(sendMail(mail, { smtpUrl: `smtp://127.0.0.1:${port}` })).rejects.toThrow(/STARTTLS|TLS/i);
    expect(received).toHaveLength(before);
    await sendMail(mail, { smtpUrl: `smtp://127.0.0.1:${port}?tls=off` });
    expect(received).toHaveLength(before + 1);
    expect(smtpOptions('smtp://mail.example')).toMatchObject({
      secure: false,
      port: 587,
      requireTLS: true,
      auth: undefined,
    });
    expect(smtpOptions('smtps://mail.example')).toMatchObject({ secure: true, port: 465, requireTLS: false });
  });
});
