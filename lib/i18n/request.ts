import { getRequestConfig } from 'next-intl/server';
import { headers } from 'next/headers';
import { defaultLocale, isLocale } from './locales';
import { LOCALE_HEADER } from '@/lib/http/request-headers';
import { loadMessages } from './messages';

export const MISSING_MARKER = '[missing: ';

export default getRequestConfig(async ({ requestLocale, locale: asked }) => {
  // A language asked for by name, else the one the front door decided for this request (lib/i18n/locale-routing.ts).
  const requested = asked ?? (await headers()).get(LOCALE_HEADER) ?? (await requestLocale);
  const locale = isLocale(requested) ? requested : defaultLocale;
  return {
    locale,
    messages: await loadMessages(locale),
    // A missing message shows as a visible marker, which the e2e suite looks for on every locale.
    getMessageFallback: ({ namespace, key }) => `${MISSING_MARKER}${namespace ? `${namespace}.` : ''}${key}]`,
  };
});
