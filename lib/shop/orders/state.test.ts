import { describe, expect, it } from 'vitest';
import { canMove, isFinal, orderStatuses, sourcesOf, type OrderStatus } from './state';

describe('the order state machine', () => {
  const legal: [OrderStatus, OrderStatus][] = [
    ['pending', 'paid'],
    ['pending', 'failed'],
    ['pending', 'expired'],
  ];

  it.each(legal)('lets %s become %s', (from, to) => {
    expect(canMove(from, to)).toBe(true);
  });

  it('refuses every other transition, staying put included', () => {
    for (const from of orderStatuses) {
      for (const to of orderStatuses) {
        const isLegal = legal.some(([a, b]) => a === from && b === to);
        expect(canMove(from, to), `${from} → ${to}`).toBe(isLegal);
      }
    }
  });

  it('never takes a paid order back, nor pays a failed or expired one', () => {
    expect(canMove('paid', 'failed')).toBe(false);
    expect(canMove('paid', 'expired')).toBe(false);
    expect(canMove('paid', 'pending')).toBe(false);
    expect(canMove('expired', 'paid')).toBe(false);
    expect(canMove('failed', 'paid')).toBe(false);
  });

  it('guards every update with the states it may come from', () => {
    expect(sourcesOf('paid')).toEqual(['pending']);
    expect(sourcesOf('expired')).toEqual(['pending']);
    expect(sourcesOf('pending')).toEqual([]);
  });

  it('knows which states are final', () => {
    expect(orderStatuses.filter(isFinal)).toEqual(['paid', 'failed', 'expired']);
  });
});
