import { describe, expect, it } from 'vitest';
import { kindleAddressSchema, parseKindleForm } from './kindle-address';

const kindleAddressError = (kindle: unknown) => {
  const parsed = parseKindleForm({ kindle });
  return parsed.ok ? undefined : parsed.error;
};

describe('a Send to Kindle address (the form’s own schema)', () => {
  it('takes an @kindle.com address, whatever the case of its domain, and writes the domain in lower case', () => {
    expect(kindleAddressSchema.parse('ana_x7k2@kindle.com')).toBe('ana_x7k2@kindle.com');
    expect(kindleAddressSchema.parse('  Ana.Reader-2@KINDLE.Com ')).toBe('Ana.Reader-2@kindle.com');
  });

  it('refuses every other domain, the retired and the look-alike ones included', () => {
    for (const address of [
      'ana@gmail.com',
      'ana@free.kindle.com',
      'ana@kindle.cn',
      'ana@kindle.com.evil.example',
      'ana@evilkindle.com',
      'ana@kindle.co',
      'ana@kindle.com.',
      'ana@amazon.com',
    ])
      expect(kindleAddressError(address), address).toBe('kindleDomain');
  });

  it('refuses what is not one plain address: a second recipient, a display name, spaces, odd dots or characters', () => {
    for (const address of [
      'ana',
      '@kindle.com',
      'ana@',
      'ana@bob@kindle.com',
      '"Ana" <ana@kindle.com>',
      'ana@kindle.com, bob@kindle.com',
      'a na@kindle.com',
      '.ana@kindle.com',
      'ana.@kindle.com',
      'an..a@kindle.com',
      'anä@kindle.com',
      'ana\n@kindle.com',
      `${'a'.repeat(65)}@kindle.com`,
      'ana@kindle.com\r\nBcc: x@example.com',
    ])
      expect(kindleAddressError(address), JSON.stringify(address)).toBe('kindleInvalid');
  });

  it('says an empty field is required, and accepts nothing but a string', () => {
    expect(kindleAddressError('')).toBe('kindleRequired');
    expect(kindleAddressError('   ')).toBe('kindleRequired');
    expect(kindleAddressError(undefined)).toBe('kindleRequired');
    expect(kindleAddressError(['ana@kindle.com'])).toBe('kindleRequired');
    expect(kindleAddressError(`${'a'.repeat(250)}@kindle.com`)).toBe('kindleInvalid');
  });

  it('is the form’s one field: a body that is not an object is refused as an empty field', () => {
    expect(parseKindleForm({ kindle: 'ana@kindle.com', extra: 'x' })).toEqual({ ok: true, kindle: 'ana@kindle.com' });
    expect(parseKindleForm(null)).toEqual({ ok: false, error: 'kindleRequired' });
    expect(parseKindleForm('ana@kindle.com')).toEqual({ ok: false, error: 'kindleRequired' });
  });
});
