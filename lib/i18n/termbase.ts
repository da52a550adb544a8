import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The product's own words, one per language (content/i18n/terms/<locale>.json): wherever an
 * English message or book label uses a term, the translation uses that language's word for it,
 * so "edition" is never three different words on one receipt.
 */
const TERMS = [
  'edition',
  'order',
  'purchase',
  'downloadLink',
  'findMyPurchases',
  'bookTitle',
  'card',
  'page',
  'vatIncluded',
  'languageName',
] as const;
type Term = (typeof TERMS)[number];

/**
 * A word the buyer's strings must not use, with the one to use instead and why: "чек" names a till
 * slip where the buyer gets a receipt. A form matches a whole word; a leading or trailing "*" lets
 * it start or end inside one (Korean writes its particles onto the word: "회원님*" for 회원님의).
 * `keys` limits the entry to those message keys, for a word that is right elsewhere ("Wala").
 */
type Forbidden = { forms: string[]; use: string; why: string; keys?: string[] };

export type Termbase = Record<Term, { forms: string[] }> & {
  exceptions?: Partial<Record<Term, Record<string, string>>>;
  forbidden?: Forbidden[];
};

// Where English uses each term. "order" is the buyer's order, not "in order to"; languageName is
// checked against the language picker instead.
const ENGLISH_USE: Record<Exclude<Term, 'languageName'>, RegExp> = {
  edition: /\beditions?\b/i,
  order: /\border(s|'s|’s)?\b(?<!in order)/i,
  purchase: /\bpurchas(e|es|ed|ing)\b/i,
  downloadLink: /\bdownload links?\b/i,
  findMyPurchases: /\bfind my purchases\b/i,
  bookTitle: /The Love Blueprint/,
  card: /\bcards?\b/i,
  page: /\bpages?\b/i,
  // Beside every price (EU price indication): one wording per language, in the page and the receipt.
  vatIncluded: /\bVAT\sincluded\b/i,
};

export function readTermbase(locale: string): Termbase {
  return JSON.parse(
    readFileSync(join(process.cwd(), 'content', 'i18n', 'terms', `${locale}.json`), 'utf8'),
  ) as Termbase;
}

/**
 * Where a translation does not use its termbase's word although English uses the term. `english`
 * and `own` map the same keys (messages' dotted keys, `labels.<key>` for the book's labels) to text;
 * `languageName` is how the language picker names the language.
 */
export function termProblems(
  termbase: Termbase,
  english: Map<string, string>,
  own: Map<string, string>,
  languageName: string,
): string[] {
  const problems: string[] = [];
  // Any space is a space here: a text joins a phrase with no-break spaces ("inkl.\u00a0MwSt.") where
  // its termbase form is typed with plain ones.
  const plain = (text: string) => text.replace(/\s/gu, ' ').toLocaleLowerCase();
  const has = (text: string, forms: string[]) => forms.some((form) => plain(text).includes(plain(form)));
  for (const term of TERMS) {
    const forms = termbase[term]?.forms ?? [];
    if (forms.length === 0 || forms.some((form) => form.trim() === '')) {
      problems.push(`${term}: the termbase gives no word`);
      continue;
    }
    if (term === 'languageName') {
      if (!forms.includes(languageName))
        problems.push(`languageName: the language picker says "${languageName}", the termbase ${forms.join(' / ')}`);
      continue;
    }
    const exceptions = termbase.exceptions?.[term] ?? {};
    for (const [key, source] of english) {
      if (!ENGLISH_USE[term].test(source)) continue;
      const text = own.get(key);
      if (text === undefined || key in exceptions) continue;
      if (!has(text, forms))
        problems.push(
          `${term}: ${key} does not say ${forms.map((f) => `"${f}"`).join(' or ')}: "${text.slice(0, 90)}"`,
        );
    }
    for (const key of Object.keys(exceptions)) {
      if (!ENGLISH_USE[term].test(english.get(key) ?? ''))
        problems.push(`${term}: the exception for ${key} is not needed (English does not use the term there)`);
    }
  }
  return problems;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A forbidden form as a pattern: whole word, or open at the end marked "*". */
function formPattern(form: string): RegExp {
  const open = { start: form.startsWith('*'), end: form.endsWith('*') };
  const word = escape(form.replace(/^\*|\*$/g, ''));
  return new RegExp(`${open.start ? '' : '(?<![\\p{L}\\p{M}])'}${word}${open.end ? '' : '(?![\\p{L}\\p{M}])'}`, 'iu');
}

/**
 * Where the buyer's strings use a word the termbase forbids. `texts` maps where a text lives (a
 * message's dotted key, or a file path) to the text.
 */
export function forbiddenProblems(termbase: Termbase, texts: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const { forms, use, keys } of termbase.forbidden ?? []) {
    const patterns = forms.map(formPattern);
    for (const [where, text] of texts) {
      if (keys && !keys.includes(where)) continue;
      const found = patterns.map((pattern) => pattern.exec(text)?.[0]).find(Boolean);
      if (found) problems.push(`${where} says "${found}": use "${use}"`);
    }
    for (const key of keys ?? []) if (!texts.has(key)) problems.push(`forbidden "${forms[0]}": no text ${key}`);
  }
  return problems;
}
