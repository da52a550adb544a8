import { describe, expect, it } from 'vitest';
import en from '@/content/messages/en.json';
import ar from '@/content/messages/ar.json';
import ja from '@/content/messages/ja.json';
import { KINDLE_APPROVAL_URL } from '@/lib/shop/delivery/kindle-address';
import { buildKindleEmail } from './kindle-email';
import { buildUpdateEmail } from './update-email';

const epub = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);
const kindle = {
  to: 'ana_x@kindle.com',
  editionLabel: 'English',
  fileName: 'the-love-blueprint-en.epub',
  epub,
  orderId: 'order-7',
};

describe('the Send to Kindle email', () => {
  it('carries the EPUB as its attachment, and says again which sender Amazon must approve, with Amazon’s page', () => {
    const mail = buildKindleEmail(kindle, 'en', en);
    expect(mail.to).toBe('ana_x@kindle.com');
    expect(mail.subject).toBe('The Love Blueprint for your Kindle');
    expect(mail.attachments).toEqual([
      { filename: 'the-love-blueprint-en.epub', content: epub, contentType: 'application/epub+zip' },
    ]);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(
        'Amazon delivers it only if support@amora.example is on your Approved Personal Document E-mail List',
      );
      expect(part).toContain(KINDLE_APPROVAL_URL);
      expect(part).toContain('order-7');
    }
  });

  it('is written in the buyer’s language and direction', () => {
    const arabic = buildKindleEmail(kindle, 'ar', ar);
    expect(arabic.subject).toBe(ar.kindle.emailSubject);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain('support@amora.example');
    expect(buildKindleEmail(kindle, 'ja', ja).text).toContain('承認済みEメールアドレス一覧');
  });
});

describe('the revised-edition email', () => {
  it('greets the buyer by name and links their library, in their language', () => {
    const mail = buildUpdateEmail(
      {
        to: 'ana@example.com',
        name: 'Ana Example',
        editionLabel: 'English',
        link: 'https://amora.example/library/abc~def',
        expiresAt: new Date('2026-12-01T10:00:00Z'),
        orderId: 'order-8',
      },
      'en',
      en,
    );
    expect(mail.subject).toBe('A revised edition of The Love Blueprint is in your library');
    expect(mail.text).toContain('Hi Ana Example,');
    expect(mail.text).toContain('We have revised the English edition of The Love Blueprint.');
    expect(mail.text).toContain('https://amora.example/library/abc~def');
    expect(mail.html).toContain('href="https://amora.example/library/abc~def"');
    expect(mail.html).toContain('Open my library');
  });
});
