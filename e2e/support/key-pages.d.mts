/** Types for key-pages.mjs (the repository compiles TypeScript only). */
export const KEY_PAGES: string[];
