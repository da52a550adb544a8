import 'server-only';
import { headers } from 'next/headers';
import { CONSENT_HEADER } from '@/lib/http/request-headers';
import { consentFromCookieHeader, consentFromHeader, type Consent } from './request';

export type ServerConsent = Consent;

/**
 * The visitor's consent as the front door read it (lib/consent/request.ts): it sets the header
 * on every request, over any copy a client sent, and keys stored pages with the same value.
 * Without a front door (plain `next dev`) the header is absent and the Cookie header is read
 * the same strict way. Next's own cookie parser is not used: it reads a cookie sent twice
 * differently (docs/security.md, second review: the store poisoned with another's consent).
 */
export async function getServerConsent(): Promise<ServerConsent> {
  const headerList = await headers();
  return consentFromHeader(headerList.get(CONSENT_HEADER)) ?? consentFromCookieHeader(headerList.get('cookie'));
}
