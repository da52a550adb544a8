import type { HelpItem } from '@/lib/content/schemas';

export type HelpCategory = { name: string; items: HelpItem[] };

/** The help search: questions filtered case-insensitively by substring, grouped by category; empty groups drop out. */
export function filterHelp(categories: HelpCategory[], query: string): HelpCategory[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return categories;
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => item.question.toLocaleLowerCase().includes(needle)),
    }))
    .filter((category) => category.items.length > 0);
}

export function countQuestions(categories: HelpCategory[]): number {
  return categories.reduce((sum, category) => sum + category.items.length, 0);
}
