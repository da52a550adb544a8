/** The 17 languages, in the original site's order (the language menu's), each named in its own language. */
export const locales = [
  'en',
  'fr',
  'bn',
  'de',
  'es',
  'ru',
  'zh-CN',
  'ja',
  'th',
  'pt',
  'nl',
  'pl',
  'uk',
  'ar',
  'el',
  'tl',
  'ko',
] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'en';

export const localeNames: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  bn: 'বাংলা',
  de: 'Deutsch',
  es: 'Español',
  ru: 'Русский',
  'zh-CN': '简体中文',
  ja: '日本語',
  th: 'ไทย',
  pt: 'Português',
  nl: 'Nederlands',
  pl: 'Polski',
  uk: 'Українська',
  ar: 'العربية',
  el: 'Ελληνικά',
  tl: 'Filipino',
  ko: '한국어',
};

const rtlLocales: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return rtlLocales.has(locale) ? 'rtl' : 'ltr';
}

/** Any language tag's direction: a site locale's own, else left to right (a book edition's language). */
export function directionOfLanguage(language: string): 'ltr' | 'rtl' {
  return isLocale(language) ? directionOf(language) : 'ltr';
}

/**
 * Wraps a left-to-right value (a price like "US$ 7.99") in Unicode isolates on right-to-left
 * pages, so the surrounding Arabic cannot reorder its parts. Left-to-right pages get it as is.
 */
export function isolateForDirection(value: string, locale: string): string {
  return isLocale(locale) && directionOf(locale) === 'rtl' ? `\u2068${value}\u2069` : value;
}
