/** The home-page sections the top navigation can scroll to (Header, ScrollManager). */
export const homeSections = ['hero', 'features', 'how-it-works', 'use-cases'] as const;

export type HomeSection = (typeof homeSections)[number];

/** sessionStorage key that hands the target section from another page to the home page. */
export const SECTION_STORAGE_KEY = 'scroll-to-section';

export const SECTION_SCROLL = { durationMs: 500, offsetPx: -100 } as const;

export const SCROLL_TOP_THRESHOLD_PX = 200;

export function isHomeSection(value: unknown): value is HomeSection {
  return typeof value === 'string' && (homeSections as readonly string[]).includes(value);
}

/**
 * Which section the home page should scroll to on load: the stored hand-off wins
 * over the `?section=` query; anything that is not a known section is ignored.
 */
export function pendingSection(stored: string | null, query: string | null): HomeSection | null {
  if (isHomeSection(stored)) return stored;
  if (isHomeSection(query)) return query;
  return null;
}
