import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from './locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  // English lives at the bare paths of SPEC.md's route table; every other language under its prefix.
  localePrefix: 'as-needed',
});
