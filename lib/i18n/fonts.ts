import type { Locale } from './locales';

/**
 * The script font stylesheets (written to public/fonts by scripts/fonts.mjs) each language needs.
 * Latin languages need none: Fraunces and the platform UI font cover them.
 */
const sheetsByLocale: Partial<Record<Locale, string[]>> = {
  ja: ['jp'],
  'zh-CN': ['sc'],
  ko: ['kr'],
  th: ['thai'],
  bn: ['bengali'],
  ar: ['arabic'],
  ru: ['cyrillic'],
  uk: ['cyrillic'],
  el: ['greek'],
};

export function fontStylesheets(locale: Locale): string[] {
  return (sheetsByLocale[locale] ?? []).map((id) => `/fonts/${id}.css`);
}
