import type { BookLabels } from './book-pdf';

/** The book's own furniture (contents, chapter, tracker) in each edition's language. */
const labels: Record<string, BookLabels> = {
  en: {
    contents: 'Contents',
    introduction: 'Introduction',
    chapter: 'Chapter',
    closing: 'Closing words',
    tracker: 'Your 30-day tracker',
    trackerIntro: 'Print this page and put it somewhere you will both see it. Tick a circle each day you complete the challenge together.',
    day: 'Day',
    page: 'Page',
  },
  fr: {
    contents: 'Sommaire',
    introduction: 'Introduction',
    chapter: 'Chapitre',
    closing: 'Le mot de la fin',
    tracker: 'Votre suivi sur 30 jours',
    trackerIntro: 'Imprimez cette page et placez-la là où vous la verrez tous les deux. Cochez un cercle chaque jour où vous relevez le défi ensemble.',
    day: 'Jour',
    page: 'Page',
  },
};

export function bookLabels(language: string): BookLabels {
  return labels[language] ?? labels.en!;
}
