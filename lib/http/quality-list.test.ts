import { describe, expect, it } from 'vitest';
import { negotiateEncoding, qualityList } from './quality-list';

describe('qualityList', () => {
  it('orders by quality, keeps the client’s order among equals, and leaves out q=0 and unreadable q', () => {
    expect(qualityList('fr;q=0.5, EN-gb, de;q=0, ja;q=x, es, pt;q=2, it;q=0.0001, ko ; Q=0.7')).toEqual([
      { value: 'en-gb', q: 1 },
      { value: 'es', q: 1 },
      { value: 'ko', q: 0.7 },
      { value: 'fr', q: 0.5 },
    ]);
  });

  it('reads nothing from an empty or missing header', () => {
    expect(qualityList('')).toEqual([]);
    expect(qualityList(null)).toEqual([]);
    expect(qualityList(undefined)).toEqual([]);
  });
});

// The third review's finding 8: `*, br;q=0` was sent brotli. RFC 9110 §12.5.3, with this server's
// codings, br preferred to gzip.
describe('negotiateEncoding', () => {
  const offered = ['br', 'gzip'];
  it.each([
    // The finding, and a refusal of each coding.
    ['*, br;q=0', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['*, gzip;q=0', 'br'],
    ['gzip;q=0', 'identity'],
    ['br;q=0', 'identity'],
    ['BR;Q=0, *', 'gzip'],
    ['*, br;q=0.000', 'gzip'],
    ['*, br;q=0, gzip;q=0', 'identity'],
    // What browsers send.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br', 'br'],
    ['deflate', 'identity'],
    ['zstd, deflate', 'identity'],
    // The client's weights win; the server's order only breaks a tie.
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=0.9, br;q=0.5', 'gzip'],
    ['gzip, br', 'br'],
    ['gzip;q=1.0, br;q=1', 'br'],
    ['br;q=0.001, gzip;q=0.002', 'gzip'],
    ['*;q=0.5, gzip', 'gzip'],
    ['*;q=0.5, br;q=0.4', 'gzip'],
    // `*` alone, and with its own weight.
    ['*', 'br'],
    ['*;q=0.1', 'br'],
    // Identity: acceptable unless refused; after an equal coding; before a less wanted one.
    ['identity', 'identity'],
    ['identity, gzip', 'gzip'],
    ['identity;q=1, gzip;q=0.5', 'identity'],
    ['gzip;q=0.5, identity;q=0.6', 'identity'],
    ['gzip;q=0.5', 'gzip'],
    ['gzip;q=0.5, *', 'br'],
    ['gzip;q=0.5, *;q=0.1', 'gzip'],
    ['identity;q=0', 'identity'],
    ['*;q=0', 'identity'],
    ['*;q=0, identity', 'identity'],
    ['*;q=0, identity;q=0.5, gzip;q=0.1', 'identity'],
    ['*;q=0, gzip', 'gzip'],
    ['identity;q=0, gzip;q=0', 'identity'],
    ['identity;q=0, *;q=0', 'identity'],
    // An empty header wants no coding; no header states no preference, and gets none.
    ['', 'identity'],
    [' ', 'identity'],
    [null, 'identity'],
    [undefined, 'identity'],
    // Aliases, case, spaces, parameters and junk.
    ['x-gzip', 'gzip'],
    ['x-gzip;q=0, *', 'br'],
    ['GZIP', 'gzip'],
    ['  br ;  q=0.8 , gzip ; q=0.7 ', 'br'],
    ['br;level=5;q=0.2, gzip;q=0.1', 'br'],
    [',,gzip,,', 'gzip'],
    ['br;q=2, gzip', 'gzip'],
    ['br;q=-1, gzip', 'gzip'],
    ['br;q=x, gzip', 'gzip'],
    ['br;q=0.5000, gzip;q=0.4', 'gzip'],
    ['br;q=, gzip;q=0.4', 'gzip'],
    ['br;q=1e0, gzip;q=0.4', 'gzip'],
    ['br, br;q=0', 'identity'],
    ['gzip;q=0.5, gzip;q=0.9, br;q=0.6', 'br'],
  ])('%j → %s', (header, coding) => {
    expect(negotiateEncoding(header, offered)).toBe(coding);
  });

  it('chooses among what is offered only, in the server’s order of preference', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
    expect(negotiateEncoding('br, gzip', ['gzip', 'br'])).toBe('gzip');
    expect(negotiateEncoding('*', [])).toBe('identity');
  });
});
