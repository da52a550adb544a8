import type { Locale } from './locales';
import { scriptOf } from './scripts';

/**
 * The script font stylesheets (written to public/fonts by scripts/fonts.mjs) each language needs,
 * from the table in scripts.json. Latin languages need none: Fraunces and the platform UI font cover them.
 */
export function fontStylesheets(locale: Locale): string[] {
  const site = scriptOf(locale)?.site;
  return site ? [`/fonts/${site.sheet}.css`] : [];
}
