/** Window event that asks the consent manager to open the preference centre. */
export const OPEN_PREFERENCES_EVENT = 'amora:open-cookie-preferences';
