/** English ordinal suffix: 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`;
}

/**
 * The date of a legal document. English reads the way the original site writes it ("15th July, 2025");
 * every other locale uses its own long date format.
 */
export function formatDocumentDate(iso: string, locale: string): string {
  const date = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  if (locale === 'en') {
    const month = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(date);
    return `${ordinal(date.getUTCDate())} ${month}, ${date.getUTCFullYear()}`;
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** A post's date, in the page's locale ("May 1, 2026", "1 mai 2026", …). */
export function formatPostDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}
