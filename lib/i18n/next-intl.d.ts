import type { Locale } from './locales';
import type { Messages } from './messages';

// Typed message keys: a missing or misspelt key is a type error, not a runtime marker.
declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
