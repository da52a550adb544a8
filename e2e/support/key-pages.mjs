/** The key pages: the performance budgets are measured on them (bench/pages.mjs), and pa11y audits them (e2e/pa11y.spec.ts). */
export const KEY_PAGES = [
  '/',
  '/blog',
  '/blog/first-date-questions-that-matter',
  '/the-love-blueprint',
  '/the-love-blueprint/en',
  '/help-centre',
];
