import { z } from 'zod';

/**
 * The domains Amazon documents for its Send to Kindle email service, the only ones the library
 * page's "Send to Kindle" sends to (docs/security.md, "Send to Kindle"). Checked 2026-11:
 * - `kindle.com`: every device's and app's address is "name@kindle.com" (Amazon, "Use Your Send
 *   to Kindle Email Address", https://www.amazon.com/gp/help/customer/display.html?nodeId=G7NECT4B4ZWHQ8WV).
 * - not `free.kindle.com`: Amazon retired it (its help pages no longer name it; every address is @kindle.com).
 * - not `kindle.cn`: Amazon ended Send to Kindle in mainland China on 30 June 2024, with its
 *   Kindle store there (Amazon China's notice of 31 May 2023).
 */
const KINDLE_DOMAINS: readonly string[] = ['kindle.com'];

/** Amazon's page on approving a sender ("Add an Email Address to Receive Documents in Your Kindle Library"). */
export const KINDLE_APPROVAL_URL = 'https://www.amazon.com/gp/help/customer/display.html?nodeId=GX9XLEVV8G4DB28H';

/** What one email to Send to Kindle may weigh (the same Amazon page): more is refused, never sent. */
export const KINDLE_MAX_BYTES = 50 * 1024 * 1024;

// Amazon's addresses are ASCII: letters, digits, `_`, `.`, `-` (and `+` is harmless); a dot neither
// first, last nor doubled, as RFC 5322's dot-atom wants. 64 is the SMTP limit of a local part.
const LOCAL_PART = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;

/** Why an address is refused: message keys of the `kindle` namespace. */
type KindleAddressError = 'kindleRequired' | 'kindleInvalid' | 'kindleDomain';

/**
 * A Send to Kindle address as the form and the route take it: trimmed, its domain lower-cased
 * (domains are case-insensitive; the local part is kept as typed), one of KINDLE_DOMAINS.
 */
export const kindleAddressSchema = z
  .string({ error: 'kindleRequired' })
  .trim()
  .min(1, 'kindleRequired')
  .max(254, 'kindleInvalid')
  .transform((value, ctx) => {
    const at = value.lastIndexOf('@');
    const local = value.slice(0, at);
    const domain = value.slice(at + 1).toLowerCase();
    if (at < 1 || local.length > 64 || !LOCAL_PART.test(local) || !/^[a-z0-9.-]+$/.test(domain)) {
      ctx.addIssue({ code: 'custom', message: 'kindleInvalid' });
      return z.NEVER;
    }
    if (!KINDLE_DOMAINS.includes(domain)) {
      ctx.addIssue({ code: 'custom', message: 'kindleDomain' });
      return z.NEVER;
    }
    return `${local}@${domain}`;
  });

/** The library page's form (and the route's JSON body): where to send the copy. The link's token is the route's path. */
const kindleFormSchema = z.object({ kindle: kindleAddressSchema });

/** The form's address, or the refusal key of the field (a missing or non-string field is kindleRequired). */
export function parseKindleForm(
  value: unknown,
): { ok: true; kindle: string } | { ok: false; error: KindleAddressError } {
  const parsed = kindleFormSchema.safeParse(value);
  if (parsed.success) return { ok: true, kindle: parsed.data.kindle };
  const message = parsed.error.issues[0]?.message;
  return { ok: false, error: message === 'kindleInvalid' || message === 'kindleDomain' ? message : 'kindleRequired' };
}
