/**
 * Response headers for every path, set by the front door (lib/server/front-door.ts) where the
 * route has not set its own (a download link's `Referrer-Policy: no-referrer` stands). The
 * per-response CSP of documents is the front door's too; these are the static ones.
 */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

export const staticSecurityHeaders: { key: string; value: string }[] = [
  // Browsers ignore HSTS received over plain http (RFC 6797 §8.1), so it only takes effect on https.
  { key: 'Strict-Transport-Security', value: `max-age=${2 * ONE_YEAR_SECONDS}; includeSubDomains` },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
];
