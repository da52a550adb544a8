import { z } from 'zod';

// zod 4 probes for `new Function` to speed up object parsing; under our CSP (no 'unsafe-eval')
// that probe is a reported violation in the browser. The interpreter is plenty fast here.
z.config({ jitless: true });

/**
 * The purchase form's one zod schema, shared by the form (react-hook-form) and the order
 * endpoint. Messages are keys; SPEC.md §5's English texts are in `purchaseErrorText`, and
 * the pages show the translated ones.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const CARD_MAX_LENGTH = 19;
export const paymentMethods = ['card', 'paypal'] as const;

export const purchaseErrorText = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email.',
  paymentRequired: 'Select a payment method.',
  cardRequired: 'Card number is required.',
  cardInvalid: 'Enter the digits of your card number.',
  deliveryRequired: 'Please confirm immediate delivery to continue.',
  nameTooLong: 'Please use at most 100 characters.',
  emailTooLong: 'Please use at most 254 characters.',
} as const;

export type PurchaseErrorKey = keyof typeof purchaseErrorText;

export const purchaseSchema = z
  .object({
    name: z.string({ error: 'nameRequired' }).trim().min(1, 'nameRequired').max(100, 'nameTooLong'),
    email: z
      .string({ error: 'emailRequired' })
      .trim()
      .min(1, 'emailRequired')
      .max(254, 'emailTooLong')
      .regex(EMAIL_PATTERN, 'emailInvalid'),
    paymentMethod: z.enum(paymentMethods, { error: 'paymentRequired' }),
    cardNumber: z.string().max(CARD_MAX_LENGTH, 'cardInvalid').optional(),
    acceptDelivery: z.literal(true, { error: 'deliveryRequired' }),
  })
  // The card checks run even while other fields are invalid (zod's `when`), so every
  // message shows at once. (No `abort` on the field checks above: it would stop these.)
  // With `when`, these also see input that failed other checks: never assume a field's type.
  .refine((value) => value.paymentMethod !== 'card' || (typeof value.cardNumber === 'string' && value.cardNumber.trim() !== ''), {
    path: ['cardNumber'],
    message: 'cardRequired',
    when: (payload) => (payload.value as { paymentMethod?: unknown })?.paymentMethod === 'card',
  })
  .refine((value) => value.paymentMethod !== 'card' || typeof value.cardNumber !== 'string' || !value.cardNumber.trim() || /^\d{12,19}$/.test(value.cardNumber.trim()), {
    path: ['cardNumber'],
    message: 'cardInvalid',
    when: (payload) => (payload.value as { paymentMethod?: unknown })?.paymentMethod === 'card',
  });

export type PurchaseInput = z.infer<typeof purchaseSchema>;

/** The order endpoint's body: the form plus the edition. */
export const orderRequestSchema = z.intersection(purchaseSchema, z.object({ editionId: z.string().min(1).max(10) }));

/** Card field keys that get through (SPEC.md §5): digits, Backspace, Tab, ← and →. */
export function isAllowedCardKey(key: string): boolean {
  return /^\d$/.test(key) || ['Backspace', 'Tab', 'ArrowLeft', 'ArrowRight'].includes(key);
}

/** Pasted or typed text, filtered the same way: digits only, at most 19. */
export function filterCardInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, CARD_MAX_LENGTH);
}
