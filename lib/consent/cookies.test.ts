import { describe, expect, it } from 'vitest';
import {
  ALL_CONSENT,
  NO_CONSENT,
  consentValueFor,
  decisionFrom,
  effectivePreferences,
  parsePreferences,
  serializePreferences,
} from './cookies';

describe('consent cookies', () => {
  it('reads the CookieConsent decision strictly', () => {
    expect(decisionFrom('true')).toBe('accepted');
    expect(decisionFrom('false')).toBe('refused');
    expect(decisionFrom(undefined)).toBe('unset');
    expect(decisionFrom('TRUE')).toBe('unset');
    expect(decisionFrom('1')).toBe('unset');
  });

  it('round-trips preferences as the JSON SPEC.md names', () => {
    const prefs = { advertising: false, marketing: true, analytics: false };
    const raw = serializePreferences(prefs);
    expect(JSON.parse(raw)).toEqual(prefs);
    expect(Object.keys(JSON.parse(raw))).toEqual(['advertising', 'marketing', 'analytics']);
    expect(parsePreferences(raw)).toEqual(prefs);
  });

  it('accepts a URL-encoded cookie value', () => {
    expect(parsePreferences(encodeURIComponent('{"advertising":true,"marketing":false,"analytics":true}'))).toEqual({
      advertising: true,
      marketing: false,
      analytics: true,
    });
  });

  it('treats anything malformed or non-boolean as no consent', () => {
    expect(parsePreferences('not json')).toBeNull();
    expect(parsePreferences('[]')).toBeNull();
    expect(parsePreferences('null')).toBeNull();
    expect(parsePreferences('')).toBeNull();
    expect(parsePreferences('{"advertising":"yes","marketing":1,"analytics":true}')).toEqual({
      advertising: false,
      marketing: false,
      analytics: true,
    });
  });

  it('is opt-in: nothing is on until the visitor decides', () => {
    expect(effectivePreferences('unset', ALL_CONSENT)).toEqual(NO_CONSENT);
    expect(effectivePreferences('accepted', null)).toEqual(ALL_CONSENT);
    expect(effectivePreferences('refused', null)).toEqual(NO_CONSENT);
    const saved = { advertising: false, marketing: false, analytics: true };
    expect(effectivePreferences('accepted', saved)).toEqual(saved);
  });

  it('records CookieConsent true when anything is allowed, false when nothing is', () => {
    expect(consentValueFor(ALL_CONSENT)).toBe('true');
    expect(consentValueFor(NO_CONSENT)).toBe('false');
    expect(consentValueFor({ advertising: false, marketing: false, analytics: true })).toBe('true');
  });
});
