import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { flatten, type Catalogue } from './message-structure';

/**
 * Every translated text of a locale, each with where it lives: the UI messages, the book's labels,
 * cover lines and manuscript, and the translated content files. What the typography and
 * terminology checks read.
 */
export type LocaleText = { where: string; text: string };

const CONTENT = join(process.cwd(), 'content');
const readJson = (path: string) => JSON.parse(readFileSync(join(CONTENT, path), 'utf8')) as unknown;

/** The UI messages of a locale, as dotted keys. */
export function localeMessages(locale: string): Map<string, string> {
  return flatten(readJson(`messages/${locale}.json`) as Catalogue);
}

/** The book's labels of a locale (content/shop/book-labels.json), keyed `labels.<key>`. */
export function localeLabels(locale: string): Map<string, string> {
  const labels = (readJson('shop/book-labels.json') as Record<string, Record<string, string>>)[locale] ?? {};
  return new Map(Object.entries(labels).map(([key, value]) => [`labels.${key}`, value]));
}

function strings(value: unknown, where: string, into: LocaleText[]) {
  if (typeof value === 'string') into.push({ where, text: value });
  else if (Array.isArray(value)) value.forEach((item, i) => strings(item, `${where}[${i}]`, into));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) strings(item, `${where}.${key}`, into);
}

/** Every text of a locale that a reader sees: UI, emails, book, cover and content files. */
export function localeTexts(locale: string): LocaleText[] {
  const texts: LocaleText[] = [];
  for (const [key, text] of localeMessages(locale)) texts.push({ where: `messages/${locale}.json: ${key}`, text });
  for (const [key, text] of localeLabels(locale))
    texts.push({ where: `shop/book-labels.json: ${locale}.${key.slice('labels.'.length)}`, text });
  strings(
    (readJson('shop/cover-lines.json') as Record<string, unknown>)[locale],
    `shop/cover-lines.json: ${locale}`,
    texts,
  );
  const files = [
    `shop/manuscript.${locale}.json`,
    `shop/testimonials.${locale}.json`,
    `faqs/${locale}.json`,
    `help/${locale}.json`,
  ];
  for (const dir of [`home/${locale}`, `posts/${locale}`, `documents/${locale}`]) {
    if (existsSync(join(CONTENT, dir)))
      files.push(
        ...readdirSync(join(CONTENT, dir))
          .filter((f) => f.endsWith('.json'))
          .map((f) => `${dir}/${f}`),
      );
  }
  for (const file of files) if (existsSync(join(CONTENT, file))) strings(readJson(file), file, texts);
  return texts;
}
