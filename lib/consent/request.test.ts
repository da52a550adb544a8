import { describe, expect, it } from 'vitest';
import { ALL_CONSENT, NO_CONSENT } from './cookies';
import { consentFromCookieHeader, consentFromHeader, consentHeaderValue } from './request';

const decision = (cookie: string | undefined) => consentFromCookieHeader(cookie).decision;

describe('consentFromCookieHeader (finding 2: the store keyed the first CookieConsent, the render read the last)', () => {
  it('reads one CookieConsent of exactly true or false', () => {
    expect(decision('CookieConsent=true')).toBe('accepted');
    expect(decision('theme=dark; CookieConsent=false; NEXT_LOCALE=fr')).toBe('refused');
    expect(decision('a=1;CookieConsent=true')).toBe('accepted');
    for (const cookie of [
      undefined,
      '',
      'theme=dark',
      'CookieConsent=TRUE',
      'CookieConsent=%74rue',
      'CookieConsent="true"',
      'CookieConsent= true',
      'CookieConsent=',
    ]) {
      expect(decision(cookie), String(cookie)).toBe('unset');
    }
  });

  it('takes a consent cookie sent twice as no decision, whichever values', () => {
    for (const cookie of [
      'CookieConsent=x; CookieConsent=true',
      'CookieConsent=true; CookieConsent=x',
      'CookieConsent=true; CookieConsent=true',
      'CookieConsent=false; a=b; CookieConsent=true',
    ]) {
      expect(decision(cookie), cookie).toBe('unset');
    }
  });

  it('takes a loosely spelled consent cookie as no decision, even beside a well-spelled one', () => {
    for (const cookie of [
      'CookieConsent =true',
      'a=b;  CookieConsent=true',
      'a=b;\tCookieConsent=true',
      'CookieConsent',
      'cookieconsent=true',
      'CookieConsent=true; cookieconsent=false',
      'CookieConsent =x; CookieConsent=true',
    ]) {
      expect(decision(cookie), cookie).toBe('unset');
    }
  });

  it('reads the saved categories the same way, and any doubt about them is no decision', () => {
    const saved = encodeURIComponent('{"advertising":false,"marketing":false,"analytics":true}');
    expect(consentFromCookieHeader(`CookieConsent=true; cookie_preferences=${saved}`).preferences).toEqual({
      advertising: false,
      marketing: false,
      analytics: true,
    });
    expect(consentFromCookieHeader('CookieConsent=true').preferences).toEqual(ALL_CONSENT);
    expect(consentFromCookieHeader(`CookieConsent=true; cookie_preferences=${saved}; cookie_preferences=x`)).toEqual({
      decision: 'unset',
      preferences: NO_CONSENT,
    });
    expect(consentFromCookieHeader(`CookieConsent=true; cookie_preferences =${saved}`)).toEqual({
      decision: 'unset',
      preferences: NO_CONSENT,
    });
  });
});

describe('the consent header', () => {
  it('carries a reading to the render unchanged', () => {
    for (const cookie of [
      '',
      'CookieConsent=true',
      'CookieConsent=false',
      `CookieConsent=true; cookie_preferences=${encodeURIComponent('{"marketing":true}')}`,
    ]) {
      const consent = consentFromCookieHeader(cookie);
      expect(consentFromHeader(consentHeaderValue(consent))).toEqual(consent);
    }
    expect(consentHeaderValue(consentFromCookieHeader('CookieConsent=true'))).toBe(
      'accepted:advertising,marketing,analytics',
    );
  });

  it('is read only as the front door writes it', () => {
    for (const value of [
      null,
      '',
      'accepted',
      'unset:analytics',
      'accepted:analytics,advertising',
      'accepted:x',
      'refused: ',
      'ACCEPTED:',
    ]) {
      expect(consentFromHeader(value), String(value)).toBeUndefined();
    }
  });
});
