/**
 * Money in the shop is an integer count of the currency's minor unit (cents), never a float:
 * VAT figures are added up per country and quarter (the VAT report), and floats would drift.
 * A rate is an integer in basis points (7% = 700, 5.5% = 550, 8.1% = 810).
 */

/** Stripe's `percentage` (a decimal number, e.g. 5.5) as basis points. */
export const basisPoints = (percentage: number): number => Math.round(percentage * 100);

/** Basis points as a percentage for people: 700 → "7", 550 → "5.5", 810 → "8.1". */
export const percentText = (rateBp: number): string => String(rateBp / 100);

/**
 * The VAT included in a tax-inclusive gross amount at a rate, rounded half up to the minor unit,
 * and the net rest: net + tax is always exactly gross (amounts.test.ts proves it for any rate and price).
 */
export function splitInclusive(gross: number, rateBp: number): { net: number; tax: number } {
  if (!Number.isSafeInteger(gross) || gross < 0)
    throw new RangeError(`gross must be a whole minor-unit amount (${gross})`);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError(`rate must be whole basis points (${rateBp})`);
  // Integer arithmetic: round(gross × rate / (10000 + rate)), halves up.
  const tax = Math.floor((2 * gross * rateBp + (10_000 + rateBp)) / (2 * (10_000 + rateBp)));
  return { net: gross - tax, tax };
}

/**
 * The VAT in a refund of `refunded` out of a sale of `gross` that included `tax`: all of it for a
 * full refund, else in proportion (our reading, as Stripe Tax reverses a partial refund: docs/tax.md).
 */
export function refundedTax(refunded: number, gross: number, tax: number): number {
  if (refunded >= gross) return tax;
  if (gross <= 0 || refunded <= 0) return 0;
  return Math.floor((2 * refunded * tax + gross) / (2 * gross));
}
