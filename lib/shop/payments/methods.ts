/** The ways to pay: card and PayPal. Its own module, so the purchase form can list them without loading zod. */
export const paymentMethods = ['card', 'paypal'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
