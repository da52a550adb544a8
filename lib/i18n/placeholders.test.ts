import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders';

/**
 * Third review, finding 5: `template.replace('{email}', email)` read `$&`, `$'`, `` $` `` and `$$`
 * in the email as patterns, and a value typed as `{order}` was filled in by the next replace.
 */
const PIECES = ['$&', "$'", '$`', '$$', '$1', '$<x>', '{name}', '{email}', '{order}', '{', '}', '$', 'a', ' '];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((pieces) => pieces.join(''));

describe('fillPlaceholders', () => {
  it('puts every value in literally, once, and leaves the rest of the template as written', () => {
    fc.assert(
      fc.property(text, text, text, text, (before, name, between, email) => {
        const template = `${before.replace(/[{}]/g, '')}{name}${between.replace(/[{}]/g, '')}<{email}>`;
        expect(fillPlaceholders(template, { name, email })).toBe(
          `${before.replace(/[{}]/g, '')}${name}${between.replace(/[{}]/g, '')}<${email}>`,
        );
      }),
    );
  });

  it('keeps a placeholder it has no value for, and escapes values and text apart', () => {
    expect(fillPlaceholders('{a} {b}', { a: '$&' })).toBe('$& {b}');
    expect(
      fillPlaceholders(
        '<{a}>',
        { a: '<$&>' },
        (_, v) => `[${v}]`,
        (t) => t.toUpperCase(),
      ),
    ).toBe('<[<$&>]>');
  });
});
