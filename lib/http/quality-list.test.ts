import { describe, expect, it } from 'vitest';
import { qualityList } from './quality-list';

describe('qualityList', () => {
  it('orders by quality, keeps the client’s order among equals, and leaves out q=0 and unreadable q', () => {
    expect(qualityList('fr;q=0.5, EN-gb, de;q=0, ja;q=x, es')).toEqual([
      { value: 'en-gb', q: 1 },
      { value: 'es', q: 1 },
      { value: 'fr', q: 0.5 },
    ]);
  });

  it('reads nothing from an empty or missing header', () => {
    expect(qualityList('')).toEqual([]);
    expect(qualityList(null)).toEqual([]);
    expect(qualityList(undefined)).toEqual([]);
  });
});
