// zod/mini: the same validator with a tree-shakable API, so the purchase page ships ~5 KiB of it, not ~45.
import { CARD_MAX_LENGTH } from './card-input';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-address';
import { paymentMethods, type PaymentMethod } from '../payments/methods';
import {
  boolean,
  config,
  enum as zEnum,
  intersection,
  maxLength,
  minLength,
  object,
  optional,
  refine,
  regex,
  string,
  trim,
  type infer as Infer,
  type input as Input,
} from 'zod/mini';

// zod 4 probes for `new Function` to speed up object parsing; under our CSP (no 'unsafe-eval')
// that probe is a reported violation in the browser. The interpreter is plenty fast here.
config({ jitless: true });

/**
 * The purchase form's one zod schema, shared by the form (react-hook-form) and the order
 * endpoint. Messages are keys; the exact English texts are in `purchaseErrorText`, and
 * the pages show the translated ones.
 */
export const purchaseErrorText = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email.',
  paymentRequired: 'Select a payment method.',
  cardRequired: 'Card number is required.',
  cardInvalid: 'Enter the digits of your card number.',
  deliveryRequired: 'Please confirm immediate delivery to continue.',
  nameTooLong: 'Please use at most 100 characters.',
  nameInvalid: "Please enter just your name, using letters, spaces and . ' - only.",
  emailTooLong: 'Please use at most 254 characters.',
  paymentUnavailable: 'This payment method is not available right now. Please choose another.',
  taxLocationInvalid:
    'We could not determine your country for VAT. Nothing was charged. Please check your billing address and try again.',
} as const;

export type PurchaseErrorKey = keyof typeof purchaseErrorText;

/**
 * A name is letters and combining marks in any script, with spaces and . ' ’ - between them
 * (and the joiners some scripts need). It is printed in the buyer's email and on every page of
 * their book, so it must read as a name: no digits, symbols or line breaks, and nothing shaped
 * like a web address ("evil.example"), which would read as the shop's own words.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M}\u200C\u200D .'’-]+$/u;
const ADDRESS_LIKE = /\p{L}\.\p{L}{2}/u;
export function isPlainName(name: string): boolean {
  return NAME_CHARACTERS.test(name) && /\p{L}/u.test(name) && !ADDRESS_LIKE.test(name);
}

/** The email field of every form that takes an address (purchase, "find my purchases") and of their endpoints. */
export const emailField = string({ error: 'emailRequired' }).check(
  trim(),
  minLength(1, 'emailRequired'),
  maxLength(EMAIL_MAX_LENGTH, 'emailTooLong'),
  regex(EMAIL_PATTERN, 'emailInvalid'),
);

const purchaseFields = object({
  name: string({ error: 'nameRequired' }).check(
    trim(),
    minLength(1, 'nameRequired'),
    maxLength(100, 'nameTooLong'),
    refine((name) => name === '' || isPlainName(name), 'nameInvalid'),
  ),
  email: emailField,
  paymentMethod: zEnum(paymentMethods, { error: 'paymentRequired' }),
  cardNumber: optional(string().check(maxLength(CARD_MAX_LENGTH, 'cardInvalid'))),
  // A checkbox: a boolean that must be true (the form starts it unticked).
  acceptDelivery: boolean({ error: 'deliveryRequired' }).check(refine((accepted) => accepted, 'deliveryRequired')),
});

/**
 * On a hosted checkout (PAYMENT_PROVIDER=stripe) the card is typed on the provider's page, so
 * the form has no card field to check (and the order endpoint stores none).
 */
export const hostedPurchaseSchema = purchaseFields;

export const purchaseSchema = purchaseFields
  // The card checks run even while other fields are invalid (zod's `when`), so every
  // message shows at once. (No `abort` on the field checks above: it would stop these.)
  // With `when`, these also see input that failed other checks: never assume a field's type.
  .check(
    refine(
      (value) =>
        value.paymentMethod !== 'card' || (typeof value.cardNumber === 'string' && value.cardNumber.trim() !== ''),
      {
        path: ['cardNumber'],
        message: 'cardRequired',
        when: (payload) => (payload.value as { paymentMethod?: unknown })?.paymentMethod === 'card',
      },
    ),
    refine(
      (value) =>
        value.paymentMethod !== 'card' ||
        typeof value.cardNumber !== 'string' ||
        !value.cardNumber.trim() ||
        /^\d{12,19}$/.test(value.cardNumber.trim()),
      {
        path: ['cardNumber'],
        message: 'cardInvalid',
        when: (payload) => (payload.value as { paymentMethod?: unknown })?.paymentMethod === 'card',
      },
    ),
  );

export type PurchaseInput = Infer<typeof purchaseSchema>;
/** What the purchase form holds while it is being filled in (nothing chosen yet is allowed). */
export type PurchaseFormValues = Input<typeof purchaseSchema>;

// The page's language rides along, so a hosted checkout speaks it and sends the buyer back to it.
const editionField = object({
  editionId: string().check(minLength(1), maxLength(10)),
  locale: optional(string().check(maxLength(10))),
});
/** The order endpoint's body: the form plus the edition. */
export const orderRequestSchema = intersection(purchaseSchema, editionField);
export const hostedOrderRequestSchema = intersection(hostedPurchaseSchema, editionField);

/** POST /api/library/lookup's body ("find my purchases"): the same email rule as an order. */
export const lookupRequestSchema = object({ email: emailField, locale: optional(string().check(maxLength(10))) });

/** What POST /api/orders answers with for a placed order: what the success page and purchase-data need. */
export type OrderConfirmation = {
  orderId: string;
  productId: string;
  name: string;
  email: string;
  paymentMethod: PaymentMethod;
  cardLast4: string | null;
  downloadUrl: string;
  libraryUrl: string;
  expiresAt: string;
  /** 'pending' until a hosted checkout is paid; the links work from then on. */
  status: 'paid' | 'pending';
  /** Where the buyer pays (hosted checkout only). */
  checkoutUrl?: string;
};

export { CARD_MAX_LENGTH, filterCardInput, isAllowedCardKey } from './card-input';
export { EMAIL_PATTERN, isPlainAddress } from './email-address';
export { paymentMethods, type PaymentMethod };
