/**
 * A plain mailbox address and nothing else (docs/security.md, second review): a dot-atom local part (RFC 5322's atext,
 * plus letters and digits of any script), '@', and a domain of two or more labels of letters,
 * digits and inner hyphens, in any script (the server turns it into punycode where it counts).
 * Mail software reads a display name ("…" <a@b>), a group (x: a@b;), a comment, quoting,
 * whitespace or a control character as more than the address: that text would reach the email
 * while the mail went to the address inside, around the per-recipient limit. Shared by the
 * forms (client) and every server path, so this file imports nothing.
 */
const ATOM = "[\\p{L}\\p{M}\\p{N}!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?';
export const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u');
export const EMAIL_MAX_LENGTH = 254;

export function isPlainAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
