import { describe, expect, it } from 'vitest';
import { successStateOf } from './success-state';

describe('what /success?order= shows', () => {
  it('a paid order whose links were revoked (refund, dispute, operator) is refunded, not a successful purchase', () => {
    expect(successStateOf({ status: 'paid', revoked: true })).toBe('refunded');
    expect(successStateOf({ status: 'paid', revoked: false })).toBe('paid');
  });

  it('a pending order is being confirmed; failed, expired and missing orders say so', () => {
    expect(successStateOf({ status: 'pending', revoked: false })).toBe('confirming');
    expect(successStateOf({ status: 'failed', revoked: false })).toBe('failed');
    expect(successStateOf({ status: 'expired', revoked: false })).toBe('expired');
    expect(successStateOf(undefined)).toBe('unknown');
  });
});
