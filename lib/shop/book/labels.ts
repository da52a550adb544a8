import labels from '@/content/shop/book-labels.json';
import type { BookLabels } from './layout';

/** The book's own furniture (contents, chapter, tracker, cover and stamp lines) in each edition's language (content/shop/book-labels.json). */
export function bookLabels(language: string): BookLabels {
  const all = labels as Record<string, BookLabels>;
  return all[language] ?? all.en!;
}
