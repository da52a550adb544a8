/**
 * Where an edition's free sample lives (DESIGN.md §4, "Sample and Kindle"). The page is localized like
 * every page; the files are one per edition, need no token, and are named so the URL ends in the format.
 */
export type SampleFormat = 'epub' | 'pdf';

export const SAMPLE_FORMATS: readonly SampleFormat[] = ['epub', 'pdf'];

/** `/the-love-blueprint/{id}/sample`, before the locale prefix is added (links go through lib/i18n's Link). */
export function samplePagePath(editionId: string): string {
  return `/the-love-blueprint/${editionId}/sample`;
}

/** The sample file's public name, e.g. `the-love-blueprint-en-sample.epub`. */
export function sampleFileName(editionId: string, format: SampleFormat): string {
  return `the-love-blueprint-${editionId}-sample.${format}`;
}

/** `/samples/the-love-blueprint-en-sample.pdf`: served by app/samples/[file]/route.ts, same for every locale. */
export function sampleFileHref(editionId: string, format: SampleFormat): string {
  return `/samples/${sampleFileName(editionId, format)}`;
}
