import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embedded } from './embedded';
import { parseInline } from './inline';
import { locales } from '@/lib/i18n/locales';
import { site } from '@/lib/site';
import type { ContentDocument } from './schemas';

// The accessibility statement (European Accessibility Act) is a legal text in every language: each
// translation must say everything English says, in the same sections, lists and order.
const statement = (locale: string) => embedded.document('accessibility', locale);
const english = statement('en')!;

/** Each section's id with the kinds of its blocks, and how many items each list has. */
const outline = (document: ContentDocument) =>
  document.sections.map((section) => ({
    id: section.id,
    blocks: section.blocks.map((block) => (block.type === 'ul' ? `ul×${block.items.length}` : block.type)),
  }));

/** Every text of a document, intro and headings included. */
const texts = (document: ContentDocument) => [
  document.title,
  ...document.intro,
  ...document.sections.flatMap((section) => [
    section.heading,
    ...section.blocks.flatMap((block) => (block.type === 'ul' ? block.items : [block.text])),
  ]),
];

describe('the accessibility statement', () => {
  it('covers, in English, what the law asks: conformance, the books, limitations, feedback, enforcement, date', () => {
    expect(english.sections.map((section) => section.id)).toEqual([
      'scope',
      'website',
      'how-we-check',
      'ebook',
      'limitations',
      'feedback',
      'enforcement',
      'about',
    ]);
    expect(english.updated).toBe('2026-11-27');
    const text = texts(english).join('\n');
    for (const fact of ['WCAG 2.2', 'EPUB Accessibility 1.1', 'EPUBCheck', 'Ace by DAISY', '43 A4', 'Stripe', '27th November, 2026'])
      expect(text).toContain(fact);
  });

  it('names only the auditors the test suite really installs', () => {
    const { devDependencies } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    for (const tool of ['@axe-core/playwright', 'pa11y', 'vnu-jar', 'lighthouse']) expect(devDependencies).toHaveProperty(tool);
  });

  it.each(locales)('[%s] has every section, block and list item of English, dated and titled', (locale) => {
    const own = statement(locale);
    expect(own, `content/documents/${locale}/accessibility.json`).toBeDefined();
    expect(outline(own!)).toEqual(outline(english));
    expect(own!.intro).toHaveLength(english.intro.length);
    expect(own!.updated).toBe(english.updated);
    const messages = JSON.parse(readFileSync(join(process.cwd(), 'content', 'messages', `${locale}.json`), 'utf8')) as {
      pages: { accessibility: string };
    };
    expect(own!.title).toBe(messages.pages.accessibility);
  });

  // The word each language's statement uses for itself ("this statement"): its title must use it
  // too, or a reader looks for "the statement" the text keeps naming (issue 50: ja's title said
  // "About accessibility" over "この声明").
  const selfName: Record<string, string> = {
    en: 'statement',
    ar: 'بيان',
    bn: 'বিবৃতি',
    de: 'Erklärung',
    el: 'δήλωση',
    es: 'declaración',
    fr: 'déclaration',
    ja: '声明',
    ko: '안내',
    nl: 'verklaring',
    pl: 'deklaracj',
    pt: 'declaração',
    ru: 'заявлени',
    th: 'คำชี้แจง',
    tl: 'pahayag',
    uk: 'заяв',
    'zh-CN': '声明',
  };

  it.each(locales)('[%s] names itself in its title as its text does', (locale) => {
    const own = statement(locale)!;
    const word = selfName[locale]!.toLocaleLowerCase(locale);
    const about = own.sections.find((section) => section.id === 'about')!.heading;
    for (const text of [about, own.sections[0]!.heading, own.title]) expect(text.toLocaleLowerCase(locale)).toContain(word);
  });

  it.each(locales)('[%s] links the support address as a mailto link, with every token filled in', (locale) => {
    const own = statement(locale)!;
    const links = texts(own).flatMap((text) => parseInline(text)).filter((token) => token.type === 'link');
    expect(links).toContainEqual({ type: 'link', label: site.supportEmail, href: `mailto:${site.supportEmail}`, external: false });
    expect(texts(own).join('\n')).not.toMatch(/\{(brand|email)\}/);
  });
});
