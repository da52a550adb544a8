import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendMail } from './transport';

const dir = mkdtempSync(join(tmpdir(), 'amora-recipient-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const mail = (to: string) => ({ to, subject: 'Your copy', text: 'Hi', html: '<p>Hi</p>' });

// The second review's email-field finding (docs/security.md), defence in depth: an order stored
// before the stricter form rule must not get its display name into the To: line, nor reach a
// group or second recipient through nodemailer.
describe('sendMail recipients', () => {
  it('refuses anything but a plain address, and writes nothing', async () => {
    for (const to of [
      '"Refund-pending:call-https://evil.example/r1"<victim@example.net>',
      'x:victim@example.com;',
      'victim@example.net, other@example.net',
      'victim\u001b[2J@example.net',
      'victim@example.net\r\nBcc: other@example.net',
    ]) {
      await expect(sendMail(mail(to), { smtpUrl: '', outboxDir: dir }), JSON.stringify(to)).rejects.toThrow(
        /plain email address/,
      );
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('sends to a plain address, punycode domain and all', async () => {
    const { file } = await sendMail(mail('ana@exämple.net'), { smtpUrl: '', outboxDir: dir });
    expect(readFileSync(file!, 'utf8')).toMatch(/^To: ana@xn--exmple-cua\.net$/m);
  });
});
