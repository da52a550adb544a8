import { describe, expect, it } from 'vitest';
import { buildLookupEmail } from './purchases-email';
import en from '@/content/messages/en.json';
import ja from '@/content/messages/ja.json';
import ar from '@/content/messages/ar.json';

const mail = {
  to: 'reader@example.com',
  orders: [
    {
      editionLabel: '日本語',
      date: new Date(Date.UTC(2026, 10, 2)),
      link: 'https://amora.example/library/aaa~bbb',
      orderId: 'order-1',
    },
    {
      editionLabel: 'English',
      date: new Date(Date.UTC(2026, 10, 20)),
      link: 'https://amora.example/library/ccc~ddd',
      orderId: 'order-2',
    },
  ],
};

describe('"find my purchases" email', () => {
  it('lists every order with its own link, in both parts, in English', () => {
    const { subject, text, html } = buildLookupEmail(mail, 'en', en);
    expect(subject).toBe('Your purchases at Amora: fresh download links');
    for (const part of [text, html]) {
      for (const order of mail.orders) {
        expect(part).toContain(order.link);
        expect(part).toContain(`order ${order.orderId}`);
      }
      expect(part).toContain('November 2, 2026');
      expect(part).toContain('reader@example.com');
    }
  });

  it('is written in the language of the newest purchase: Japanese, and Arabic right to left', () => {
    const japanese = buildLookupEmail(mail, 'ja', ja);
    expect(japanese.subject).toBe('Amoraでのご購入：新しいダウンロードリンク');
    expect(japanese.text).toContain('購入日：2026年11月2日 · ご注文番号：order-1');
    expect(japanese.html).toContain('ライブラリを開く');
    expect(japanese.html).toContain('<html lang="ja" dir="ltr">');

    const arabic = buildLookupEmail(mail, 'ar', ar);
    expect(arabic.subject).toContain('مشترياتك من Amora');
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.text).toContain('يعمل كل رابط لمدة 7 أيام');
    expect(arabic.html).toContain('فتح مكتبتك');
    for (const order of mail.orders) expect(arabic.text).toContain(order.link);
  });
});
