import {
  CONSENT_COOKIE,
  NO_CONSENT,
  PREFERENCES_COOKIE,
  consentCategories,
  decisionFrom,
  effectivePreferences,
  parsePreferences,
  type ConsentDecision,
  type Preferences,
} from './cookies';
import { AMBIGUOUS_COOKIE, strictCookie } from '@/lib/http/cookies';

/**
 * A request's consent, read once (docs/decisions/0008-cookie-consent.md). The front door reads
 * it from the Cookie header, keys the document store with it and hands it to the render in CONSENT_HEADER; the render
 * reads that header (lib/consent/server.ts). Cookie parsers disagree on a cookie sent twice
 * (first wins, or last) and on spaces in a name, so such a consent cookie is no decision.
 */
export type Consent = { decision: ConsentDecision; preferences: Preferences };

const UNSET: Consent = { decision: 'unset', preferences: NO_CONSENT };

/** Values exactly 'true'/'false' decide; anything ambiguous in either consent cookie is no decision. */
export function consentFromCookieHeader(header: string | null | undefined): Consent {
  const consent = strictCookie(header ?? '', CONSENT_COOKIE);
  const saved = strictCookie(header ?? '', PREFERENCES_COOKIE);
  if (consent === AMBIGUOUS_COOKIE || saved === AMBIGUOUS_COOKIE) return UNSET;
  const decision = decisionFrom(consent);
  return { decision, preferences: effectivePreferences(decision, parsePreferences(saved)) };
}

/** The consent state a shared document is kept under (docs/decisions/0018-shareable-documents.md). */
export type ConsentKey = 'accepted' | 'refused' | 'unset';

/**
 * The consent part of a shared document's key, by the strict reading above: 'unset' when there
 * is no consent cookie at all, 'accepted' or 'refused' for exactly one `CookieConsent` spelled
 * exactly with the value `true` or `false`; undefined for anything else (either consent cookie
 * doubled or loosely spelled, another value), which means "do not use the cache": such a request
 * is rendered for its visitor alone and nothing is stored. The deploy's nginx reads the cookie by
 * the same rule (deploy/nginx.conf.template).
 */
export function consentKeyFromCookieHeader(header: string | null | undefined): ConsentKey | undefined {
  const consent = strictCookie(header ?? '', CONSENT_COOKIE);
  const saved = strictCookie(header ?? '', PREFERENCES_COOKIE);
  if (consent === AMBIGUOUS_COOKIE || saved === AMBIGUOUS_COOKIE) return undefined;
  if (consent === undefined) return 'unset';
  return consent === 'true' ? 'accepted' : consent === 'false' ? 'refused' : undefined;
}

/**
 * CONSENT_HEADER's value for the render of a shared document: the decision its key names, and no
 * category (the opt-in default). A document other visitors are given cannot depend on one
 * visitor's preferences; anything that does reads them in the browser (lib/consent/client.ts).
 */
export function sharedConsentHeaderValue(key: ConsentKey): string {
  return consentHeaderValue({ decision: key, preferences: NO_CONSENT });
}

/** Everything about consent that can change a page, as one string: the store's key and CONSENT_HEADER's value. */
export function consentHeaderValue({ decision, preferences }: Consent): string {
  return `${decision}:${consentCategories.filter((category) => preferences[category]).join(',')}`;
}

/** Reads CONSENT_HEADER back; undefined unless it is exactly what consentHeaderValue writes. */
export function consentFromHeader(value: string | null | undefined): Consent | undefined {
  const [decision, categories = ''] = (value ?? '').split(':');
  if (decision !== 'accepted' && decision !== 'refused' && (decision !== 'unset' || categories)) return undefined;
  const allowed = categories.split(',');
  const consent: Consent = { decision, preferences: { ...NO_CONSENT } };
  for (const category of consentCategories) consent.preferences[category] = allowed.includes(category);
  return consentHeaderValue(consent) === value ? consent : undefined;
}
