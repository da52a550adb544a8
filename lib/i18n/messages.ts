import type { Locale } from './locales';

export type Messages = typeof import('@/content/messages/en.json');

/** Loads one locale's UI messages; each file is its own chunk, so a page only ships its language. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await import(`@/content/messages/${locale}.json`)).default as Messages;
}
