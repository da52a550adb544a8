'use client';

import { getCookie, setCookie } from 'cookies-next/client';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  PREFERENCES_COOKIE,
  PREFERENCES_MAX_AGE_SECONDS,
  consentValueFor,
  decisionFrom,
  effectivePreferences,
  parsePreferences,
  serializePreferences,
  type Preferences,
} from './cookies';

/** Reads the saved choices in the browser (off for every category when nothing is saved). */
export function readClientPreferences(): Preferences {
  const decision = decisionFrom(getCookie(CONSENT_COOKIE) as string | undefined);
  return effectivePreferences(decision, parsePreferences(getCookie(PREFERENCES_COOKIE) as string | undefined));
}

/** Writes both consent cookies with their fixed attributes (Secure whenever the page is on https). */
export function writeConsent(preferences: Preferences): void {
  const secure = window.location.protocol === 'https:';
  const now = Date.now();
  setCookie(CONSENT_COOKIE, consentValueFor(preferences), {
    path: '/',
    maxAge: CONSENT_MAX_AGE_SECONDS,
    expires: new Date(now + CONSENT_MAX_AGE_SECONDS * 1000),
    sameSite: 'lax',
    secure,
  });
  setCookie(PREFERENCES_COOKIE, serializePreferences(preferences), {
    path: '/',
    maxAge: PREFERENCES_MAX_AGE_SECONDS,
    sameSite: 'lax',
    secure,
  });
}
