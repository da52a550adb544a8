import { describe, expect, it } from 'vitest';
import { downloadPath, formatOfFile, LINK_LIFETIME_MS, signToken, verifyToken } from './tokens';

const SECRET = 'a'.repeat(64);

describe('download tokens', () => {
  it('verifies a token it signed', () => {
    const token = signToken('order-1', SECRET, 1_000).token;
    expect(verifyToken(token, SECRET, 2_000)).toEqual({
      ok: true,
      orderId: 'order-1',
      expiresAt: 1_000 + LINK_LIFETIME_MS,
    });
  });

  it('says when the token it signs expires: the moment verifying it starts to refuse', () => {
    const { token, expiresAt } = signToken('order-2', SECRET, 5_000, 60_000);
    expect(expiresAt).toBe(65_000);
    expect(verifyToken(token, SECRET, expiresAt).ok).toBe(true);
    expect(verifyToken(token, SECRET, expiresAt + 1)).toMatchObject({ ok: false, reason: 'expired', expiresAt });
  });

  it('rejects a tampered payload or signature, and another secret', () => {
    const token = signToken('order-1', SECRET).token;
    const [payload, signature] = token.split('~') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ o: 'order-2', x: Date.now() + 1e9 })).toString('base64url');
    expect(verifyToken(`${forgedPayload}~${signature}`, SECRET)).toEqual({ ok: false, reason: 'bad_signature' });
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    expect(verifyToken(`${payload}~${flipped}`, SECRET)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyToken(token, 'b'.repeat(64))).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('rejects malformed tokens', () => {
    for (const token of ['', 'abc', 'a~b~c', '~sig', 'payload~', 'a.b', 'x'.repeat(600)]) {
      expect(verifyToken(token, SECRET).ok, token).toBe(false);
    }
  });

  it('expires after its lifetime but still names its order', () => {
    const token = signToken('order-9', SECRET, 0, 1000).token;
    expect(verifyToken(token, SECRET, 999).ok).toBe(true);
    expect(verifyToken(token, SECRET, 1001)).toEqual({
      ok: false,
      reason: 'expired',
      orderId: 'order-9',
      expiresAt: 1000,
    });
  });
});

describe('download file names', () => {
  it('names an edition’s PDF and EPUB, and reads the format back only from those names', () => {
    expect(downloadPath('tok~sig', 'ja', 'epub')).toBe('/api/download/tok~sig/the-love-blueprint-ja.epub');
    expect(downloadPath('tok~sig', 'ja')).toBe('/api/download/tok~sig/the-love-blueprint-ja.pdf');
    expect(formatOfFile('ja', 'the-love-blueprint-ja.pdf')).toBe('pdf');
    expect(formatOfFile('ja', 'the-love-blueprint-ja.epub')).toBe('epub');
    for (const file of [
      'the-love-blueprint-en.epub',
      'the-love-blueprint-ja.EPUB',
      'the-love-blueprint-ja.zip',
      'ja.epub',
    ])
      expect(formatOfFile('ja', file)).toBeUndefined();
  });
});
