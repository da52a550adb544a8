import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildMagicLinkEmail as build, type MagicLinkMail } from './magic-link';
import en from '@/content/messages/en.json';
import fr from '@/content/messages/fr.json';
import ar from '@/content/messages/ar.json';
import de from '@/content/messages/de.json';

const buildMagicLinkEmail = (mail: MagicLinkMail) => build(mail, 'en', en);
import { sendMail } from './transport';
import { sampleMagicLinkMail } from './sample-mail';

const mail = buildMagicLinkEmail(sampleMagicLinkMail);

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
    const demo = buildMagicLinkEmail({
      to: 'ana@example.com',
      name: 'Ana',
      editionLabel: 'English',
      link: 'https://amora.example/l',
      orderId: 'o',
      expiresAt: new Date(),
      demo: true,
    });
    expect(demo.text).toContain('Demo shop: no payment is taken.');
    expect(demo.html).toContain('Demo shop: no payment is taken.');
    expect(mail.text).not.toContain('Demo shop');
    expect(mail.html).not.toContain('Demo shop');
  });

  it('carries a receipt in the page’s language, in both parts: order, date, edition, price, payment (last 4 only), seller, and the consent quoted', () => {
    const order: MagicLinkMail = {
      to: 'lea@example.com',
      name: 'Léa',
      editionLabel: 'Français',
      link: 'https://amora.example/library/t',
      orderId: 'order-fr-1',
      expiresAt: new Date('2026-12-01T10:00:00Z'),
      receipt: {
        orderedAt: new Date('2026-11-24T09:30:00Z'),
        amountCents: 799,
        currency: 'USD',
        paymentMethod: 'card',
        cardLast4: '4242',
      },
    };
    const french = build(order, 'fr', fr);
    for (const part of [french.text, french.html.replace(/&#39;/g, "'")]) {
      expect(part).toContain('Votre reçu');
      expect(part).toContain('order-fr-1');
      expect(part).toContain('24 novembre 2026');
      expect(part).toContain('The Love Blueprint (Français)');
      expect(part).toMatch(/7,99\s\$US TVA\u00a0incluse/);
      expect(part).toContain('Carte se terminant par 4242');
      expect(part).toContain('support@amora.example');
      expect(part).toContain(`«\u00a0${fr.shop.acceptDelivery}\u00a0»`);
    }
    expect(french.subject).toBe('Votre exemplaire de The Love Blueprint est prêt');
    expect(french.html).toContain('<html lang="fr" dir="ltr">');

    const arabic = build(
      {
        ...order,
        orderId: 'order-ar-1',
        editionLabel: 'English',
        receipt: { ...order.receipt!, paymentMethod: 'paypal', cardLast4: null },
      },
      'ar',
      ar,
    );
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    for (const part of [arabic.text, arabic.html]) {
      expect(part).toContain(ar.email.receipt);
      expect(part).toContain('order-ar-1');
      expect(part).toContain(
        new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-11-24T09:30:00Z')),
      );
      expect(part).toContain(
        `\u2068${new Intl.NumberFormat('ar', { style: 'currency', currency: 'USD' }).format(7.99)}\u2069 ${ar.shop.vatIncluded}`,
      );
      expect(part).toContain('PayPal');
      expect(part).toContain(ar.shop.acceptDelivery);
      expect(part).not.toContain('4242');
    }
  });

  it('says beside the price that it includes VAT, and a demo receipt still says no payment is taken', () => {
    const demo = build(
      {
        ...sampleMagicLinkMail,
        editionLabel: 'Deutsch',
        demo: true,
        receipt: {
          orderedAt: new Date('2026-11-24T09:30:00Z'),
          amountCents: 799,
          currency: 'USD',
          paymentMethod: 'paypal',
          cardLast4: null,
        },
      },
      'de',
      de,
    );
    for (const part of [demo.text, demo.html]) {
      expect(part).toContain(`${de.email.price}`);
      expect(part).toContain('7,99\u00a0$ inkl.\u00a0MwSt.');
      expect(part).toContain(de.shop.demoNotice);
      // Part A only: the wording, no VAT amount or rate (a demo order computes none).
      expect(part.replace(/<[^>]*>/g, '')).not.toMatch(/\d\s?%/);
    }
    expect(demo.text).toMatch(new RegExp(`^${de.email.price}: 7,99\u00a0\\$ inkl\\.\u00a0MwSt\\.$`, 'm'));
  });

  it('states the VAT the price included, the seller and the invoice on a Stripe receipt; none of it for a demo order (issue 49 C)', () => {
    const receipt = {
      orderedAt: new Date('2026-11-24T09:30:00Z'),
      amountCents: 799,
      currency: 'USD',
      paymentMethod: 'card' as const,
      cardLast4: null,
    };
    const base = {
      to: 'lena@example.com',
      name: 'Lena',
      editionLabel: 'Deutsch',
      link: 'https://amora.example/library/t',
      orderId: 'order-de-1',
      expiresAt: new Date('2026-12-01T10:00:00Z'),
    };
    const seller = { name: 'Amora Books Ltd', address: ['1 Main Street', 'Dublin'], vatId: 'IE1234567FA' };
    const paid = buildMagicLinkEmail({
      ...base,
      receipt: {
        ...receipt,
        seller,
        tax: {
          tax_status: 'computed',
          paid_at: '2026-11-24T09:31:00.000Z',
          amount_gross: 799,
          amount_tax: 52,
          tax_rate_bp: 700,
          taxability_reason: 'reduced_rated',
          tax_jurisdiction: 'DE',
          invoice_url: 'https://invoice.stripe.com/i/in_1',
        },
      },
    });
    for (const part of [paid.text, paid.html]) {
      expect(part).toContain('$0.52 included (7%, Germany)');
      expect(part).toContain('Amora Books Ltd, 1 Main Street, Dublin, VAT number IE1234567FA');
      expect(part).toContain('https://invoice.stripe.com/i/in_1');
      expect(part).not.toContain('Demo shop');
    }
    expect(paid.html).toContain('<a href="https://invoice.stripe.com/i/in_1">View or download your invoice</a>');
    const reverse = buildMagicLinkEmail({
      ...base,
      receipt: {
        ...receipt,
        seller,
        tax: {
          tax_status: 'computed',
          amount_gross: 799,
          amount_tax: 0,
          tax_rate_bp: 0,
          taxability_reason: 'reverse_charge',
          buyer_tax_id: 'DE123456789',
        },
      },
    });
    expect(reverse.text).toContain(
      'Reverse charge: no VAT charged; the buyer accounts for it (VAT number DE123456789)',
    );
    const demo = buildMagicLinkEmail({ ...base, demo: true, receipt: { ...receipt, tax: { tax_status: 'demo' } } });
    expect(demo.text).toContain('Demo shop: no payment is taken.');
    // The wording beside the price only (issue 49 A): no VAT line, amount or rate.
    expect(demo.text).toContain('$7.99 VAT\u00a0included');
    expect(demo.text).not.toMatch(/VAT:|%/);
    expect(demo.html).not.toMatch(/included \(/);
  });

  it('never greets with text that is not a plain name (finding 1: attacker text in the sender’s voice)', () => {
    const phishing = buildMagicLinkEmail({
      to: 'x@example.com',
      name: 'Your account is locked - verify at https://evil.example/login',
      editionLabel: 'English',
      link: 'https://amora.example/library/t',
      orderId: 'o',
      expiresAt: new Date(),
    });
    for (const part of [phishing.text, phishing.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('locked');
    }
    expect(phishing.text).toMatch(/^Hi,$/m);
  });
});

// The SMTP transport against a real server on loopback is in mail.integration.test.ts.
describe('mail outbox', () => {
  it('writes an .eml file to the outbox when no SMTP server is configured', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amora-outbox-'));
    const { file } = await sendMail(mail, { smtpUrl: '', outboxDir: dir });
    expect(readdirSync(dir)).toHaveLength(1);
    const eml = readFileSync(file!, 'utf8');
    // It carries a live link, so only the server's own user may read it (docs/security.md, first
    // review: referrer, stored URL, outbox).
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(eml).toMatch(/^From: /m);
    expect(eml).toContain('To: ana@example.com');
  });
});
