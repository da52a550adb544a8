import 'server-only';
import { getLocale } from 'next-intl/server';
import type { Locale } from './locales';

/** The page's language, typed: lib/i18n/request.ts only ever configures one of `locales`. */
export async function getPageLocale(): Promise<Locale> {
  return (await getLocale()) as Locale;
}
