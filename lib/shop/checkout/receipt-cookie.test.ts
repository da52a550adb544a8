import { describe, expect, it } from 'vitest';
import { RECEIPT_COOKIE, receiptCookie, receiptCookieOpens } from './receipt-cookie';

const SECRET = 'a'.repeat(32);
const valueOf = (cookie: string) => cookie.split(';')[0]!.slice(RECEIPT_COOKIE.length + 1);

describe('the receipt cookie', () => {
  it('opens the receipt of its own order only', () => {
    const value = valueOf(receiptCookie('order-1', SECRET, false));
    expect(receiptCookieOpens('order-1', value, SECRET)).toBe(true);
    expect(receiptCookieOpens('order-2', value, SECRET)).toBe(false);
    expect(receiptCookieOpens('order-1', value, 'b'.repeat(32))).toBe(false);
    expect(receiptCookieOpens('order-1', undefined, SECRET)).toBe(false);
    expect(receiptCookieOpens('order-1', `${value}x`, SECRET)).toBe(false);
    expect(receiptCookieOpens('order-1', 'order-1', SECRET)).toBe(false);
  });

  it('is HttpOnly, SameSite=Lax (it must come back from Stripe’s redirect), Secure on https', () => {
    const cookie = receiptCookie('order-1', SECRET, true);
    expect(cookie).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    expect(cookie).toContain('; Path=/;');
    expect(receiptCookie('order-1', SECRET, false)).not.toContain('Secure');
  });
});
