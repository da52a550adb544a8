import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPoints, percentText, refundedTax, splitInclusive } from './amounts';

const gross = fc.integer({ min: 0, max: 100_000_000 }); // up to a million in major units
const rate = fc.integer({ min: 0, max: 10_000 }); // 0% to 100%

describe('VAT inside a tax-inclusive price (integers in the minor unit)', () => {
  it('net plus tax is always exactly gross, for any rate and price', () => {
    fc.assert(
      fc.property(gross, rate, (g, r) => {
        const { net, tax } = splitInclusive(g, r);
        expect(Number.isInteger(net) && Number.isInteger(tax)).toBe(true);
        expect(net + tax).toBe(g);
        expect(tax).toBeGreaterThanOrEqual(0);
        expect(tax).toBeLessThanOrEqual(g);
        // Within half a minor unit of the exact figure.
        expect(Math.abs(tax - (g * r) / (10_000 + r))).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 5_000 },
    );
  });

  it('gives the figures Stripe Tax gives for the shop’s price', () => {
    expect(splitInclusive(799, 700)).toEqual({ net: 747, tax: 52 }); // Germany, 7%
    expect(splitInclusive(799, 550)).toEqual({ net: 757, tax: 42 }); // France, 5.5%
    expect(splitInclusive(799, 0)).toEqual({ net: 799, tax: 0 }); // Ireland, 0%
    expect(splitInclusive(799, 1000)).toEqual({ net: 726, tax: 73 }); // Australia, 10% GST
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => splitInclusive(7.99, 700)).toThrow(RangeError);
    expect(() => splitInclusive(799, 5.5)).toThrow(RangeError);
    expect(() => splitInclusive(-1, 700)).toThrow(RangeError);
  });

  it('turns Stripe’s percentages into basis points and back', () => {
    expect([7, 5.5, 8.1, 0, 20, 25.5].map(basisPoints)).toEqual([700, 550, 810, 0, 2000, 2550]);
    expect([700, 550, 810, 0].map(percentText)).toEqual(['7', '5.5', '8.1', '0']);
  });

  it('a refund carries its share of the tax, never more than the sale’s', () => {
    fc.assert(
      fc.property(gross, rate, fc.integer({ min: 0, max: 100_000_000 }), (g, r, part) => {
        const { tax } = splitInclusive(g, r);
        const refunded = Math.min(part, g);
        const back = refundedTax(refunded, g, tax);
        expect(Number.isInteger(back)).toBe(true);
        expect(back).toBeGreaterThanOrEqual(0);
        expect(back).toBeLessThanOrEqual(tax);
        if (refunded === g) expect(back).toBe(tax);
      }),
      { numRuns: 2_000 },
    );
  });
});
