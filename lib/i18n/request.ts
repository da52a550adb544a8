import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing } from './routing';
import { loadMessages } from './messages';

export const MISSING_MARKER = '[missing: ';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: await loadMessages(locale),
    // A missing message shows as a visible marker, which the e2e suite looks for on every locale.
    getMessageFallback: ({ namespace, key }) => `${MISSING_MARKER}${namespace ? `${namespace}.` : ''}${key}]`,
  };
});
