import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  filterCardInput,
  isAllowedCardKey,
  lookupRequestSchema,
  orderRequestSchema,
  purchaseErrorText,
  purchaseSchema,
} from './purchase-schema';

const valid = { name: 'Ana', email: 'ana@example.com', paymentMethod: 'paypal', acceptDelivery: true };
const errors = (input: unknown) => {
  const result = purchaseSchema.safeParse(input);
  // The first problem of each field is the one shown.
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.reverse().map((i) => [String(i.path[0]), i.message]));
};

describe('purchase schema', () => {
  it('accepts a complete form', () => {
    expect(purchaseSchema.safeParse(valid).success).toBe(true);
    expect(purchaseSchema.safeParse({ ...valid, paymentMethod: 'card', cardNumber: '4242424242424242' }).success).toBe(
      true,
    );
  });

  it('gives SPEC.md’s messages', () => {
    expect(purchaseErrorText[errors({ ...valid, name: '   ' }).name as keyof typeof purchaseErrorText]).toBe(
      'Name is required.',
    );
    expect(purchaseErrorText[errors({ ...valid, email: '' }).email as keyof typeof purchaseErrorText]).toBe(
      'Email is required.',
    );
    for (const email of ['ana', 'ana@', 'ana@example', 'a b@example.com', '@example.com']) {
      expect(purchaseErrorText[errors({ ...valid, email }).email as keyof typeof purchaseErrorText], email).toBe(
        'Invalid email.',
      );
    }
    expect(
      purchaseErrorText[errors({ ...valid, paymentMethod: undefined }).paymentMethod as keyof typeof purchaseErrorText],
    ).toBe('Select a payment method.');
    expect(
      purchaseErrorText[
        errors({ ...valid, paymentMethod: 'card', cardNumber: ' ' }).cardNumber as keyof typeof purchaseErrorText
      ],
    ).toBe('Card number is required.');
  });

  it('reports the card alongside every other problem at once', () => {
    expect(errors({ name: '', email: '', paymentMethod: 'card', cardNumber: '', acceptDelivery: false })).toEqual({
      name: 'nameRequired',
      email: 'emailRequired',
      cardNumber: 'cardRequired',
      acceptDelivery: 'deliveryRequired',
    });
  });

  it('needs the immediate-delivery acknowledgement', () => {
    expect(errors({ ...valid, acceptDelivery: false }).acceptDelivery).toBe('deliveryRequired');
  });

  it('rejects a card number with letters or over 19 digits', () => {
    expect(errors({ ...valid, paymentMethod: 'card', cardNumber: '4242abcd' }).cardNumber).toBe('cardInvalid');
    expect(errors({ ...valid, paymentMethod: 'card', cardNumber: '1'.repeat(20) }).cardNumber).toBe('cardInvalid');
  });

  it("takes names in every script the site speaks, with . ' ’ - between words", () => {
    for (const name of [
      'María José',
      'Zoë O’Brien',
      "Jean-Luc d'Arc",
      'J. R. Tolkien',
      'محمد الأمين',
      '山田 太郎',
      '王小明',
      'Ольга Петрова',
      'Γιώργος Παπαδόπουλος',
      'สมชาย ใจดี',
      'সৌমিত্র চট্টোপাধ্যায়',
      '김민수',
      'María 王',
    ]) {
      expect(errors({ ...valid, name }), name).toEqual({});
    }
  });

  it('refuses names that would put the sender’s words or a web address in the buyer’s email (finding 1)', () => {
    for (const name of [
      'Your account is locked - verify at https://evil.example/login',
      'Visit evil.example',
      'Ana <b>',
      'Ana\nBcc: x@y.z',
      'Ana 123',
      '...',
      'Ana\u202Enimda',
    ]) {
      expect(errors({ ...valid, name }).name, name).toBe('nameInvalid');
    }
  });

  // The second review's email field (docs/security.md): a display name, group or comment reaches
  // the email's To: line while nodemailer delivers to the address inside, so each of these must be refused as an invalid email.
  const notPlainAddresses = [
    '"Refund-pending:call-https://evil.example/r1"<victim@example.net>',
    'Refund <victim@example.net>',
    '<victim@example.net>',
    'x:victim@example.com;',
    'victim@example.net (call evil.example)',
    'victim@example.net,other@example.net',
    'victim@example.net;',
    '"a b"@example.net',
    'victim\u001b]0;pwned\u0007@example.net',
    'victim@example.net\u0000',
    'vic\u202Etim@example.net',
    'victim\u0085@example.net',
    'victim@exa\u00A0mple.net',
    'a\\b@example.net',
    '.victim@example.net',
    'victim@-example.net',
  ];

  it('refuses display names, groups, comments and control characters in the email (finding 4)', () => {
    for (const email of notPlainAddresses) {
      expect(errors({ ...valid, email }).email, JSON.stringify(email)).toBe('emailInvalid');
      expect(orderRequestSchema.safeParse({ ...valid, email, editionId: 'en' }).success, JSON.stringify(email)).toBe(
        false,
      );
      expect(EMAIL_PATTERN.test(email), JSON.stringify(email)).toBe(false);
      expect(lookupRequestSchema.safeParse({ email }).success, JSON.stringify(email)).toBe(false);
    }
  });

  it('still takes plain addresses, internationalised domains included', () => {
    for (const email of [
      'ana@example.com',
      'Ana.Maria+books@mail.example.co.uk',
      "o'brien@example.ie",
      'ana@exämple.net',
      'ана@пример.рф',
      'ana@xn--exmple-cua.net',
      '  ana@example.com ',
    ]) {
      expect(errors({ ...valid, email }), email).toEqual({});
      expect(lookupRequestSchema.safeParse({ email, locale: 'fr' }).data?.email, email).toBe(email.trim());
    }
  });

  it('the order body adds the edition', () => {
    expect(orderRequestSchema.safeParse({ ...valid, editionId: 'en' }).success).toBe(true);
    expect(orderRequestSchema.safeParse(valid).success).toBe(false);
  });
});

describe('card key filter', () => {
  it('lets through digits, Backspace, Tab, and the left and right arrows only', () => {
    for (const key of ['0', '7', 'Backspace', 'Tab', 'ArrowLeft', 'ArrowRight'])
      expect(isAllowedCardKey(key), key).toBe(true);
    for (const key of ['a', 'e', '-', '+', '.', ' ', 'ArrowUp', 'Enter', 'Delete'])
      expect(isAllowedCardKey(key), key).toBe(false);
  });
  it('filters pasted text to at most 19 digits', () => {
    expect(filterCardInput('4242 4242-4242 4242')).toBe('4242424242424242');
    expect(filterCardInput('x'.repeat(5) + '1'.repeat(25))).toBe('1'.repeat(19));
  });
});
