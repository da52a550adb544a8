/**
 * Personal data never reaches a log (docs/security.md, "Logs"). By design, no call site passes a
 * buyer's email, name, card digits, a link token, a cookie or a URL with a token: requests are
 * logged by route pattern (lib/http/route-pattern.ts), orders by id. What could still slip in is
 * caught here, at the logger: a field of one of these names is replaced, at the top level or one
 * level down (pino's `redact`), and an error's text has anything shaped like an email address or a
 * link token replaced (lib/log/error-fields.ts), since an error may quote what it was given.
 */
const PERSONAL_KEYS = [
  'email',
  'customer_email',
  'recipient',
  'to',
  'name',
  'buyerName',
  'token',
  'cookie',
  'set-cookie',
  'authorization',
  'link',
  'url',
  'downloadUrl',
  'libraryUrl',
  'checkoutUrl',
  'successUrl',
  'cardNumber',
  'cardLast4',
  'card_last4',
  'last4',
  'address',
  'headers',
];

export const REDACT_PATHS: string[] = PERSONAL_KEYS.flatMap((key) => {
  const path = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  return [path, `*.${path}`.replace('.[', '[')];
});

export const REDACTED = '[redacted]';

// An address as mail servers and databases quote it (bob@x.example, <bob@x.example>, "bob"@x).
const EMAIL = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g;
// A link token: base64url(payload) ~ base64url(HMAC) (lib/shop/delivery/tokens.ts).
const TOKEN = /[A-Za-z0-9_-]{8,}~[A-Za-z0-9_-]{8,}/g;

/** Text an error carries, with anything shaped like an email address or a link token replaced. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, '[email]').replace(TOKEN, '[token]');
}

// What JSON leaves as it is but a terminal acts on: DEL, the C1 controls, the bidi embeddings,
// overrides and isolates (lib/cli/terminal-text.ts). JSON.stringify escapes C0 controls itself.
const RAW_CONTROL = /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const RAW_CONTROLS = new RegExp(RAW_CONTROL.source, 'g');

/**
 * A serialized log line with those characters written as JSON escapes: the same JSON value, but a
 * line shown raw (`tail -f`, `less`) cannot colour, clear or reorder the terminal.
 */
export function escapeRawControls(line: string): string {
  return RAW_CONTROL.test(line)
    ? line.replace(RAW_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : line;
}
