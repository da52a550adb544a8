import { describe, expect, it } from 'vitest';
import { requestedRange } from './byte-range';

const ETAG = '"abc"';
const ask = (range: string | null, ifRange: string | null = null) => requestedRange(range, ifRange, ETAG, 1000);

describe('requestedRange', () => {
  it('reads the three forms of one range, ending at the last byte at most', () => {
    expect(ask('bytes=0-99')).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(ask('bytes=500-')).toEqual({ kind: 'partial', start: 500, end: 999 });
    expect(ask('bytes=-100')).toEqual({ kind: 'partial', start: 900, end: 999 });
    expect(ask('bytes=-5000')).toEqual({ kind: 'partial', start: 0, end: 999 });
    expect(ask('bytes=990-5000')).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(ask('Bytes = 7-7')).toEqual({ kind: 'partial', start: 7, end: 7 });
    expect(ask('bytes=, 1-2 ,')).toEqual({ kind: 'partial', start: 1, end: 2 });
  });

  it('finds nothing past the end, or in an empty suffix', () => {
    expect(ask('bytes=1000-')).toEqual({ kind: 'unsatisfiable' });
    expect(ask('bytes=1000-2000')).toEqual({ kind: 'unsatisfiable' });
    expect(ask('bytes=-0')).toEqual({ kind: 'unsatisfiable' });
  });

  it('answers the whole for no Range, several ranges, another unit or a malformed header', () => {
    for (const range of [
      null,
      'bytes=0-1,5-6',
      'items=0-1',
      'bytes=5-1',
      'bytes=-',
      'bytes=a-b',
      'bytes=0-1-2',
      'bytes 0-1',
      'bytes=1234567890123456-',
      '',
    ])
      expect(ask(range), String(range)).toEqual({ kind: 'full' });
  });

  it('keeps the range only while If-Range names this copy, compared strongly', () => {
    expect(ask('bytes=10-', '"abc"')).toEqual({ kind: 'partial', start: 10, end: 999 });
    expect(ask('bytes=10-', ' "abc" ')).toEqual({ kind: 'partial', start: 10, end: 999 });
    for (const other of ['"abd"', 'W/"abc"', 'Sat, 29 Nov 2026 10:00:00 GMT', ''])
      expect(ask('bytes=10-', other), other).toEqual({ kind: 'full' });
  });
});
