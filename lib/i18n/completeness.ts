import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { flatten, icuArguments, type Catalogue } from './message-structure';

/**
 * Checks that a locale's translation is complete: the UI messages and the translated
 * content files (home, shop testimonials, FAQs, help, the accessibility statement) have English's
 * shape, the same placeholders, and no value left in English. Used by the unit test and by translators.
 */
const CONTENT = join(process.cwd(), 'content');

/** Values that are rightly the same in every language: brand and product names, store names, symbols. */
const sameInEveryLanguage: ReadonlySet<string> = new Set([
  '{brand}',
  'OK',
  'Marketing',
  'Error 404',
  'Canada',
  'Vancouver, Canada',
  'Lyon, France',
  'PayPal',
  'App Store',
  'Google Play',
  'Instagram',
  'Facebook',
  'X',
  'Blog',
  'Email',
  'E-mail',
  'N/A',
  '{index} / {total}',
  '{index} of {total}',
  '{brand} · {title}',
  '%s · {brand}',
  'The Love Blueprint',
  'The Love BluePrint',
  'Cookies',
  'Chat',
  'Spam',
  'Online',
  'Stop',
  'Start',
  'Menu',
  'Support',
  'Premium',
  'Name',
  'Status',
  'Info',
  'Links',
  'Hotline',
  // Words French shares with English, and quotation marks that are the same in several languages.
  'Date',
  '“{text}”',
]);

/** Keys in content files whose values are names, paths, identifiers or dates, not prose. */
const verbatimKeys: ReadonlySet<string> = new Set([
  'id',
  'type',
  'effective',
  'updated',
  'image',
  'icon',
  'name',
  'names',
  'author',
  'cover',
  'href',
  'slug',
  'src',
]);

export type Problem = string;

const readJson = (path: string) => JSON.parse(readFileSync(join(CONTENT, path), 'utf8')) as unknown;

const tokens = (text: string) => [...text.matchAll(/\{[a-zA-Z]+\}/g)].map((m) => m[0]).sort();

/** Problems in a locale's UI messages (content/messages/{locale}.json). */
export function messageProblems(locale: string): Problem[] {
  const english = flatten(readJson('messages/en.json') as Catalogue);
  const own = flatten(readJson(`messages/${locale}.json`) as Catalogue);
  const problems: Problem[] = [];
  for (const key of english.keys()) if (!own.has(key)) problems.push(`messages: missing key ${key}`);
  for (const key of own.keys()) if (!english.has(key)) problems.push(`messages: unknown key ${key}`);
  for (const [key, value] of own) {
    const source = english.get(key);
    if (source === undefined) continue;
    try {
      if (icuArguments(value).join() !== icuArguments(source).join())
        problems.push(`messages: ${key} has arguments ${icuArguments(value)} but English has ${icuArguments(source)}`);
      new IntlMessageFormat(value, locale);
    } catch (error) {
      problems.push(`messages: ${key} does not compile: ${(error as Error).message}`);
      continue;
    }
    if (value.split('|').length !== source.split('|').length)
      problems.push(`messages: ${key} must keep English's ${source.split('|').length} '|'-separated items`);
    if (value.trim() === '') problems.push(`messages: ${key} is empty`);
    else if (locale !== 'en' && value === source && !sameInEveryLanguage.has(value))
      problems.push(`messages: ${key} is still English: "${value}"`);
  }
  return problems;
}

/** Compares a translated JSON tree with the English one: same shape, same placeholders, prose translated. */
function compareTree(
  english: unknown,
  own: unknown,
  path: string,
  problems: Problem[],
  options: { renamedKeys: boolean },
) {
  if (typeof english === 'string') {
    if (typeof own !== 'string') return void problems.push(`${path}: expected text`);
    const key = path.split(/[.[]/).pop()?.replace(/\]$/, '') ?? '';
    if (verbatimKeys.has(key)) return;
    if (tokens(own).join() !== tokens(english).join())
      problems.push(`${path}: placeholders ${tokens(own)} differ from English ${tokens(english)}`);
    if (own.trim() === '') problems.push(`${path}: empty`);
    else if (own === english && !sameInEveryLanguage.has(own))
      problems.push(`${path}: still English: "${own.slice(0, 60)}"`);
    return;
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(own) || own.length !== english.length)
      return void problems.push(`${path}: expected a list of ${english.length}`);
    english.forEach((item, i) => compareTree(item, own[i], `${path}[${i}]`, problems, { renamedKeys: false }));
    return;
  }
  if (english && typeof english === 'object') {
    if (!own || typeof own !== 'object' || Array.isArray(own)) return void problems.push(`${path}: expected an object`);
    const sourceEntries = Object.entries(english);
    const ownEntries = Object.entries(own);
    if (options.renamedKeys) {
      // Help categories are named in the visitor's language: compare them in order.
      if (ownEntries.length !== sourceEntries.length)
        return void problems.push(`${path}: expected ${sourceEntries.length} categories`);
      sourceEntries.forEach(([name, value], i) => {
        const [ownName, ownValue] = ownEntries[i] ?? [name, undefined];
        if (ownName === name) problems.push(`${path}: category "${name}" is still English`);
        compareTree(value, ownValue, `${path}.${ownName}`, problems, { renamedKeys: false });
      });
      return;
    }
    for (const [key, value] of sourceEntries) {
      if (!(key in own)) problems.push(`${path}.${key}: missing`);
      else
        compareTree(value, (own as Record<string, unknown>)[key], `${path}.${key}`, problems, { renamedKeys: false });
    }
    for (const [key] of ownEntries) if (!(key in english)) problems.push(`${path}.${key}: unknown key`);
    return;
  }
  if (own !== english) problems.push(`${path}: expected ${JSON.stringify(english)}`);
}

/** The translated content files of a locale, each paired with its English source. */
function contentFiles(locale: string): { file: string; english: string; renamedKeys: boolean }[] {
  const home = ['advantages', 'coaching', 'features', 'steps', 'testimonials', 'use-cases'].map((name) => ({
    file: `home/${locale}/${name}.json`,
    english: `home/en/${name}.json`,
    renamedKeys: false,
  }));
  return [
    ...home,
    { file: `shop/testimonials.${locale}.json`, english: 'shop/testimonials.en.json', renamedKeys: false },
    { file: `faqs/${locale}.json`, english: 'faqs/en.json', renamedKeys: false },
    { file: `help/${locale}.json`, english: 'help/en.json', renamedKeys: true },
    // The one long-form document every language has: the European Accessibility Act asks for it.
    {
      file: `documents/${locale}/accessibility.json`,
      english: 'documents/en/accessibility.json',
      renamedKeys: false,
    },
  ];
}

/** Problems in a locale's translated content files (missing files included). */
export function contentProblems(locale: string): Problem[] {
  const problems: Problem[] = [];
  for (const { file, english, renamedKeys } of contentFiles(locale)) {
    let own: unknown;
    try {
      own = readJson(file);
    } catch (error) {
      problems.push(
        `${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (error as Error).message}`,
      );
      continue;
    }
    const source = readJson(english);
    compareTree(source, own, file, problems, { renamedKeys });
    if (file.startsWith('faqs/') && Array.isArray(own) && Array.isArray(source))
      problems.push(...categoryProblems(source, own, file));
  }
  return problems;
}

/** FAQ tabs group by category, so one English category must map to exactly one translated name. */
function categoryProblems(english: unknown[], own: unknown[], file: string): Problem[] {
  const names = new Map<string, Set<string>>();
  english.forEach((item, i) => {
    const from = (item as { category?: string }).category ?? '';
    const to = (own[i] as { category?: string } | undefined)?.category ?? '';
    names.set(from, (names.get(from) ?? new Set()).add(to));
  });
  const problems: Problem[] = [];
  for (const [from, to] of names)
    if (to.size !== 1)
      problems.push(`${file}: category "${from}" is translated ${to.size} different ways: ${[...to].join(' / ')}`);
  const translated = [...names.values()].map((set) => [...set][0]);
  if (new Set(translated).size !== translated.length)
    problems.push(`${file}: two categories share one translated name`);
  return problems;
}

// English function words: in a translated book, any of them outside a name means a sentence was left in English.
const ENGLISH_WORDS = /\b(the|and|your|you|with|this|that|each|other|what|when)\b/i;
// English that rightly stays: the product's name and the researchers' names as Latin-script books print them.
const KEPT_ENGLISH = /The Love Blueprint/g;

/**
 * Problems in a translated manuscript of the book (content/shop/manuscript.{locale}.json): the
 * English one's exact structure (chapters, sections, paragraphs, exercises and their steps, the
 * 30 days, the same numbers), every text translated, and no English sentence left inside one.
 */
export function manuscriptProblems(locale: string): Problem[] {
  const file = `shop/manuscript.${locale}.json`;
  let own: unknown;
  try {
    own = readJson(file);
  } catch (error) {
    return [`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (error as Error).message}`];
  }
  const english = readJson('shop/manuscript.en.json') as { title: string };
  const problems: Problem[] = [];
  compareTree({ ...english, title: undefined }, { ...(own as object), title: undefined }, file, problems, {
    renamedKeys: false,
  });
  if ((own as { title?: unknown }).title !== english.title)
    problems.push(`${file}: the title must stay "${english.title}"`);
  const visit = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      const words = ENGLISH_WORDS.exec(value.replace(KEPT_ENGLISH, ''));
      if (words) problems.push(`${path}: English left ("${words[0]}") in "${value.slice(0, 80)}"`);
    } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, `${path}[${i}]`));
    else if (value && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) visit(item, `${path}.${key}`);
  };
  visit(own, file);
  return problems;
}
