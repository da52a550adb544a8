import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * /success?order={id} shows a paid order's receipt (the VAT, a business buyer's VAT number, Stripe's
 * invoice link) only to the browser that placed the order: POST /api/orders sets this cookie, keyed to
 * the order with the site's secret, before the buyer goes to Stripe. An order id alone (in the email,
 * the status route, Stripe's dashboard) shows the purchase's state, never the receipt.
 * Essential (the checkout the buyer asked for), so it needs no consent; it holds no personal data.
 */
export const RECEIPT_COOKIE = 'amora_receipt';
const MAX_AGE_SECONDS = 24 * 60 * 60;

const keyOf = (orderId: string, secret: string) =>
  createHmac('sha256', secret).update(`receipt:${orderId}`).digest('base64url');

export function receiptCookie(orderId: string, secret: string, https: boolean): string {
  return `${RECEIPT_COOKIE}=${keyOf(orderId, secret)}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${https ? '; Secure' : ''}`;
}

/** Whether the cookie's value was made for this order (with this secret). */
export function receiptCookieOpens(orderId: string, value: string | undefined, secret: string): boolean {
  if (!value) return false;
  const expected = Buffer.from(keyOf(orderId, secret));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
