import { describe, expect, it } from 'vitest';
import { parseInline } from './inline';

describe('parseInline', () => {
  it('splits bold and links out of plain text', () => {
    expect(parseInline('Read **this** and [the policy](/privacy).')).toEqual([
      { type: 'text', value: 'Read ' },
      { type: 'bold', value: 'this' },
      { type: 'text', value: ' and ' },
      { type: 'link', label: 'the policy', href: '/privacy', external: false },
      { type: 'text', value: '.' },
    ]);
  });
  it('marks absolute links external and keeps mailto', () => {
    expect(parseInline('[eSafety](https://www.esafety.gov.au/)')[0]).toEqual({ type: 'link', label: 'eSafety', href: 'https://www.esafety.gov.au/', external: true });
    expect(parseInline('[mail](mailto:a@b.example)')[0]).toMatchObject({ type: 'link', external: false });
  });
  it('turns unsafe links into their plain label', () => {
    expect(parseInline('[click](javascript:alert(1))')[0]).toEqual({ type: 'text', value: 'click' });
    expect(parseInline('[x](//evil.example)')).toEqual([{ type: 'text', value: 'x' }]);
    expect(parseInline('[x](/\\evil.example)')).toEqual([{ type: 'text', value: 'x' }]);
    expect(parseInline('[x](/%5Cevil.example)')).toEqual([{ type: 'text', value: 'x' }]);
  });
  it('leaves HTML as text', () => {
    expect(parseInline('<b>hi</b>')).toEqual([{ type: 'text', value: '<b>hi</b>' }]);
  });
});
