/**
 * The consent cookies (README, "Cookie consent"): names, lifetimes and parsing.
 * Pure functions shared by request.ts (the server's one reading of a request) and the client
 * hook; nothing else in the code base reads or writes these cookies.
 */
export const CONSENT_COOKIE = 'CookieConsent';
export const PREFERENCES_COOKIE = 'cookie_preferences';

const DAY_SECONDS = 24 * 60 * 60;
export const CONSENT_MAX_AGE_SECONDS = 365 * DAY_SECONDS;
export const PREFERENCES_MAX_AGE_SECONDS = 365 * DAY_SECONDS;

export const consentCategories = ['advertising', 'marketing', 'analytics'] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type Preferences = Record<ConsentCategory, boolean>;

/** Opt-in: with nothing saved, every non-essential category is off (pre-ticked consent is not consent in EU law). */
export const NO_CONSENT: Preferences = { advertising: false, marketing: false, analytics: false };
export const ALL_CONSENT: Preferences = { advertising: true, marketing: true, analytics: true };

/** 'accepted' / 'refused' once the visitor has chosen, 'unset' before. */
export type ConsentDecision = 'unset' | 'accepted' | 'refused';

export function decisionFrom(consentCookie: string | undefined | null): ConsentDecision {
  if (consentCookie === 'true') return 'accepted';
  if (consentCookie === 'false') return 'refused';
  return 'unset';
}

/** Reads `cookie_preferences`; anything malformed counts as no consent for that category. */
export function parsePreferences(raw: string | undefined | null): Preferences | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    try {
      value = JSON.parse(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  return {
    advertising: record.advertising === true,
    marketing: record.marketing === true,
    analytics: record.analytics === true,
  };
}

export function serializePreferences(preferences: Preferences): string {
  return JSON.stringify({
    advertising: preferences.advertising,
    marketing: preferences.marketing,
    analytics: preferences.analytics,
  });
}

/**
 * What `CookieConsent` records for a set of choices: 'true' when the visitor allowed
 * anything beyond the strictly necessary, 'false' when they refused everything.
 */
export function consentValueFor(preferences: Preferences): 'true' | 'false' {
  return consentCategories.some((category) => preferences[category]) ? 'true' : 'false';
}

/** The effective preferences for a decision and a saved preferences cookie. */
export function effectivePreferences(decision: ConsentDecision, saved: Preferences | null): Preferences {
  if (decision === 'unset') return NO_CONSENT;
  if (saved) return saved;
  return decision === 'accepted' ? ALL_CONSENT : NO_CONSENT;
}
