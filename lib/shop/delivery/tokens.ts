import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring download tokens: base64url(JSON payload) + '~' + base64url(HMAC-SHA256).
 * ('~' rather than '.': page paths with a dot are treated as files and skip the locale proxy.)
 * The signature is compared in constant time; an expired token still identifies its order
 * (so its page can offer a fresh link) but never unlocks the file.
 */
export const LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const MAX_DOWNLOADS = 10;

type Payload = { o: string; x: number };

const SEPARATOR = '~';

export type TokenCheck =
  | { ok: true; orderId: string; expiresAt: number }
  | { ok: false; reason: 'malformed' | 'bad_signature' }
  | { ok: false; reason: 'expired'; orderId: string; expiresAt: number };

const sign = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('base64url');

/** A fresh token for an order, and the moment (ms since the epoch) it stops opening anything. */
export function signToken(
  orderId: string,
  secret: string,
  now = Date.now(),
  lifetimeMs = LINK_LIFETIME_MS,
): { token: string; expiresAt: number } {
  const expiresAt = now + lifetimeMs;
  const payload = Buffer.from(JSON.stringify({ o: orderId, x: expiresAt } satisfies Payload)).toString('base64url');
  return { token: `${payload}${SEPARATOR}${sign(payload, secret)}`, expiresAt };
}

export function verifyToken(token: string, secret: string, now = Date.now()): TokenCheck {
  const parts = token.split(SEPARATOR);
  if (parts.length !== 2 || !parts[0] || !parts[1] || token.length > 512) return { ok: false, reason: 'malformed' };
  const [payload, signature] = parts as [string, string];
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'bad_signature' };
  let data: Payload;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Payload;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof data?.o !== 'string' || typeof data?.x !== 'number') return { ok: false, reason: 'malformed' };
  if (now > data.x) return { ok: false, reason: 'expired', orderId: data.o, expiresAt: data.x };
  return { ok: true, orderId: data.o, expiresAt: data.x };
}

/** The formats a buyer gets: the PDF to print, the EPUB for phones, e-readers and screen readers. */
const BOOK_FORMATS = ['pdf', 'epub'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

/** The file name a download URL ends with (what the buyer's browser saves). */
export const downloadFileName = (edition: string, format: BookFormat = 'pdf') =>
  `the-love-blueprint-${edition}.${format}`;

/** Which of an edition's files a download URL's last segment names, if any. */
export const formatOfFile = (edition: string, file: string): BookFormat | undefined =>
  BOOK_FORMATS.find((format) => file === downloadFileName(edition, format));

/** Where a token's file is downloaded from (app/api/download/[token]/[file]). */
export const downloadPath = (token: string, edition: string, format: BookFormat = 'pdf') =>
  `/api/download/${token}/${downloadFileName(edition, format)}`;

/** The buyer's library page a token opens (app/[locale]/library/[token]). */
export const libraryPath = (token: string) => `/library/${token}`;
