import { describe, expect, it } from 'vitest';
import { isHomeSection, pendingSection } from './sections';
import { easeInOutCubic, targetScrollY } from './smooth-scroll';

describe('pendingSection', () => {
  it('prefers the stored hand-off over the query parameter', () => {
    expect(pendingSection('features', 'use-cases')).toBe('features');
  });
  it('falls back to the query parameter', () => {
    expect(pendingSection(null, 'how-it-works')).toBe('how-it-works');
  });
  it('ignores unknown section names from either source', () => {
    expect(pendingSection('footer', '<script>')).toBeNull();
    expect(pendingSection('nope', 'hero')).toBe('hero');
  });
  it('recognises exactly the four home sections', () => {
    expect(['hero', 'features', 'how-it-works', 'use-cases'].every(isHomeSection)).toBe(true);
    expect(isHomeSection('faq')).toBe(false);
  });
});

describe('smooth scroll maths', () => {
  it('eases from 0 to 1 symmetrically and clamps', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
    expect(easeInOutCubic(2)).toBe(1);
  });
  it('applies the -100 px offset and never targets above the page', () => {
    expect(targetScrollY(800, 200, -100)).toBe(900);
    expect(targetScrollY(40, 0, -100)).toBe(0);
  });
});
