import { describe, expect, it } from 'vitest';
import { formatDocumentDate, formatPostDate } from './dates';

describe('dates', () => {
  it('writes legal dates the way SPEC.md does in English', () => {
    expect(formatDocumentDate('2025-07-15', 'en')).toBe('15th July, 2025');
    expect(formatDocumentDate('2025-07-01', 'en')).toBe('1st July, 2025');
    expect(formatDocumentDate('2025-07-22', 'en')).toBe('22nd July, 2025');
    expect(formatDocumentDate('2025-07-13', 'en')).toBe('13th July, 2025');
  });
  it('uses each locale’s own long format elsewhere', () => {
    expect(formatDocumentDate('2025-07-15', 'fr')).toBe('15 juillet 2025');
    expect(formatDocumentDate('2025-07-15', 'de')).toBe('15. Juli 2025');
  });
  it('formats post dates per locale', () => {
    expect(formatPostDate('2026-05-01T09:00:00.000Z', 'en')).toBe('May 1, 2026');
    expect(formatPostDate('2026-05-01T09:00:00.000Z', 'fr')).toBe('1 mai 2026');
  });
});
