import type { MagicLinkMail } from './magic-link';

/** A buyer's magic-link email, as the mail tests (mail.test.ts, mail.integration.test.ts) send it. */
export const sampleMagicLinkMail: MagicLinkMail = {
  to: 'ana@example.com',
  name: 'Ana Example',
  editionLabel: 'Français',
  link: 'https://amora.example/library/abc.def',
  orderId: 'order-42',
  expiresAt: new Date('2026-12-01T10:00:00Z'),
};
