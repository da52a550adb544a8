/** Internal request header by which the front door tells the renderer the visitor's consent (lib/consent/request.ts). */
export const CONSENT_HEADER = 'x-amora-consent';

/** Window event that asks the consent manager to open the preference centre. */
export const OPEN_PREFERENCES_EVENT = 'amora:open-cookie-preferences';
