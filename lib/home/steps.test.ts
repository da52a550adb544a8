import { describe, expect, it } from 'vitest';
import { swipeDirection, wrapIndex } from './steps';

describe('step selection', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(2, 4)).toBe(2);
  });
  it('needs more than 50 px horizontally; left is forward, right is back', () => {
    expect(swipeDirection(-50, 0)).toBeNull();
    expect(swipeDirection(50, 0)).toBeNull();
    expect(swipeDirection(-51, 0)).toBe(1);
    expect(swipeDirection(51, 0)).toBe(-1);
  });
  it('ignores mostly vertical movement', () => {
    expect(swipeDirection(-60, 120)).toBeNull();
  });
});
