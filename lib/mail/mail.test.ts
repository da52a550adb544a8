import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMagicLinkEmail } from './magic-link';
import { sendMail } from './transport';

const mail = buildMagicLinkEmail({
  to: 'ana@example.com',
  name: 'Ana <Example>',
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
    expect(mail.text).toContain('Hi Ana <Example>,');
    expect(mail.html).toContain('Hi Ana &lt;Example&gt;,');
    expect(mail.html).not.toContain('<Example>');
    expect(mail.subject).toBe('Your copy of The Love Blueprint is ready');
  });
});

describe('mail transport', () => {
  let server: SMTPServer;
  let port = 0;
  const received: string[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
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
    expect(eml).toMatch(/^From: /m);
    expect(eml).toContain('To: ana@example.com');
  });
});
