import 'server-only';
import { cookies, headers } from 'next/headers';
import {
  CONSENT_COOKIE,
  PREFERENCES_COOKIE,
  decisionFrom,
  effectivePreferences,
  parsePreferences,
  type ConsentCategory,
  type ConsentDecision,
  type Preferences,
} from './cookies';
import { CONSENT_HEADER } from './header';

export type ServerConsent = { decision: ConsentDecision; preferences: Preferences };

/**
 * The visitor's consent as the proxy read it from `CookieConsent`. The proxy strips any
 * copy of the header a client sends, so the value cannot be spoofed; if the proxy did
 * not run (it always does for pages), the cookie itself is the fallback.
 */
export async function getServerConsent(): Promise<ServerConsent> {
  const [headerList, cookieStore] = await Promise.all([headers(), cookies()]);
  const fromProxy = headerList.get(CONSENT_HEADER);
  const decision =
    fromProxy === 'accepted' || fromProxy === 'refused' || fromProxy === 'unset'
      ? fromProxy
      : decisionFrom(cookieStore.get(CONSENT_COOKIE)?.value);
  const saved = parsePreferences(cookieStore.get(PREFERENCES_COOKIE)?.value);
  return { decision, preferences: effectivePreferences(decision, saved) };
}

/** Whether something non-essential of this category may be loaded for this request. */
export async function hasServerConsent(category: ConsentCategory): Promise<boolean> {
  return (await getServerConsent()).preferences[category];
}
