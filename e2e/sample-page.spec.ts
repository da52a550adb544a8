import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { locales } from '../lib/i18n/locales';

/**
 * The free first chapter (issue 50, parts A and D's "What's inside"), read as a crawler reads it:
 * JavaScript off. The expected text comes straight from the manuscripts and the book's labels in
 * content/shop, not from the code under test.
 */
test.use({ javaScriptEnabled: false });

type Section = { heading: string; paragraphs: string[]; exercise?: { title: string; steps: string[] } };
type Manuscript = {
  dedication: string;
  introduction: string[];
  chapters: { number: number; title: string; summary: string; sections: Section[] }[];
  challenge: { title: string };
};
type Labels = { introduction: string; chapter: string; closing: string };

const read = (file: string) => JSON.parse(readFileSync(join(process.cwd(), 'content', 'shop', file), 'utf8'));
/** The page's own words, in its language (content/messages). */
const messages = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'content', 'messages', `${locale}.json`), 'utf8')) as {
    sample: Record<string, string>;
    shop: Record<string, string>;
  };
const en = messages('en');
const fr = messages('fr');
const editions = read('editions.json') as { id: string; language: string; label: string }[];
const labels = read('book-labels.json') as Record<string, Labels>;
const manuscript = (language: string) => read(`manuscript.${language}.json`) as Manuscript;

/** The introduction and chapter 1, block by block, as the page must show them: headings, paragraphs, exercises. */
function sampleText(language: string): string[] {
  const book = manuscript(language);
  const label = labels[language]!;
  const first = book.chapters[0]!;
  return [
    label.introduction,
    book.dedication,
    ...book.introduction,
    `${label.chapter.replace('{n}', '1')} ${first.title}`,
    first.summary,
    ...first.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...(section.exercise ? [section.exercise.title, ...section.exercise.steps] : []),
    ]),
  ];
}

/** Every later part of the book, as its contents names them: chapters 2–9, the challenge (10), the closing words. */
function laterParts(language: string): string[] {
  const book = manuscript(language);
  return [
    ...book.chapters.slice(1).map((chapter) => `${chapter.number}. ${chapter.title}`),
    `10. ${book.challenge.title}`,
    labels[language]!.closing,
  ];
}

const localized = (locale: string, path: string) => (locale === 'en' ? path : `/${locale}${path}`);

for (const edition of editions) {
  test(`${edition.id}: the introduction and chapter 1 exactly as the manuscript has them, whole without JavaScript`, async ({
    page,
  }) => {
    const path = `/the-love-blueprint/${edition.id}/sample`;
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const text = page.locator('.sample-text');
    await expect(text, path).toBeVisible();
    await expect(text, path).toHaveAttribute('lang', edition.language);
    await expect(text, path).toHaveAttribute('dir', edition.language === 'ar' ? 'rtl' : 'ltr');
    // The page around it stays in the page's language (English at the bare path).
    await expect(page.locator('html'), path).toHaveAttribute('lang', 'en');
    const blocks = await text
      .locator(':is(h2, h3, h4, p, li)')
      .evaluateAll((elements) => elements.map((element) => element.textContent));
    expect(blocks, path).toEqual(sampleText(edition.language));

    // The contents: the introduction and chapter 1 link to their headings on the page; the rest are listed, not linked.
    const contents = page.getByRole('navigation', { name: en.sample.contents });
    const entries = contents.getByRole('listitem');
    await expect(entries, path).toHaveCount(2 + laterParts(edition.language).length);
    await expect(entries.nth(0).getByRole('link'), path).toHaveAttribute('href', '#introduction');
    await expect(entries.nth(1).getByRole('link'), path).toHaveAttribute('href', '#chapter-1');
    await expect(page.locator('#introduction'), path).toHaveText(labels[edition.language]!.introduction);
    await expect(page.locator('#chapter-1'), path).toContainText(manuscript(edition.language).chapters[0]!.title);
    await expect(contents.locator('a'), path).toHaveCount(2);
    for (const [index, title] of laterParts(edition.language).entries()) {
      await expect(entries.nth(2 + index), path).toContainText(title);
      await expect(entries.nth(2 + index), path).toContainText(en.sample.inFullBook!);
    }
    // Nothing of chapter 2 is given away.
    await expect(text, path).not.toContainText(manuscript(edition.language).chapters[1]!.sections[0]!.paragraphs[0]!);

    // The call to buy goes to this edition's purchase page, with its price and the VAT wording.
    const buy = page.getByTestId('sample-buy');
    await expect(buy, path).toHaveAttribute('href', `/the-love-blueprint/${edition.id}`);
    await expect(buy, path).toHaveText(en.sample.buyCta!.replace('{edition}', edition.label));
    await expect(page.locator('[data-vat-wording]').first(), path).toHaveText(en.shop.vatIncluded!);
    // The sample files, one URL for every language (served by app/samples/[file]).
    await expect(page.getByRole('link', { name: en.sample.filesEpub }), path).toHaveAttribute(
      'href',
      `/samples/the-love-blueprint-${edition.id}-sample.epub`,
    );
    await expect(page.getByRole('link', { name: en.sample.filesPdf }), path).toHaveAttribute(
      'href',
      `/samples/the-love-blueprint-${edition.id}-sample.pdf`,
    );
  });
}

test('the buy call leads to that edition’s purchase page, in the page’s language', async ({ page }) => {
  for (const [locale, id] of [
    ['en', 'ja'],
    ['ar', 'ar'],
  ] as const) {
    await page.goto(localized(locale, `/the-love-blueprint/${id}/sample`));
    await page.getByTestId('sample-buy').click();
    await expect(page).toHaveURL(new RegExp(`${localized(locale, `/the-love-blueprint/${id}`)}$`));
    await expect(page.getByTestId('price')).toBeVisible();
  }
});

test('the page around the text is in the page’s language: French around Japanese, Arabic around English', async ({
  page,
  baseURL,
}) => {
  await page.goto('/fr/the-love-blueprint/ja/sample');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('.sample-text')).toHaveAttribute('lang', 'ja');
  await expect(page.locator('h1')).toHaveText(fr.sample.heading!);
  await expect(page.getByTestId('sample-buy')).toHaveAttribute('href', '/fr/the-love-blueprint/ja');
  await expect(page.getByRole('navigation', { name: fr.sample.contents }).getByRole('listitem').nth(2)).toContainText(
    fr.sample.inFullBook!,
  );
  // Its own title and description, canonical and one alternate per language.
  await expect(page).toHaveTitle(fr.sample.metaTitle!.replace('{edition}', '日本語'));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /日本語/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    `${baseURL}/fr/the-love-blueprint/ja/sample`,
  );
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(locales.length + 1);
  for (const locale of locales)
    await expect(page.locator(`link[rel="alternate"][hreflang="${locale}"]`)).toHaveAttribute(
      'href',
      `${baseURL}${localized(locale, '/the-love-blueprint/ja/sample')}`,
    );

  await page.goto('/ar/the-love-blueprint/en/sample');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.sample-text')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('.sample-text')).toHaveAttribute('lang', 'en');
});

test('an unknown edition’s sample is a 404', async ({ page }) => {
  const response = await page.goto('/the-love-blueprint/xx/sample');
  expect(response?.status()).toBe(404);
});

test('the Book structured data: the edition’s language, sold, its sample text marked free', async ({
  page,
  baseURL,
}) => {
  await page.goto('/fr/the-love-blueprint/ar/sample');
  const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  const book = blocks.find((block) => block['@type'] === 'Book');
  expect(book).toMatchObject({
    '@context': 'https://schema.org',
    name: 'The Love Blueprint',
    inLanguage: 'ar',
    url: `${baseURL}/fr/the-love-blueprint/ar/sample`,
    isAccessibleForFree: false,
    hasPart: { '@type': 'WebPageElement', isAccessibleForFree: true, cssSelector: '.sample-text' },
    offers: { '@type': 'Offer', url: `${baseURL}/fr/the-love-blueprint/ar` },
  });
  // The selector names the one element that holds the whole sample.
  await expect(page.locator('.sample-text')).toHaveCount(1);
  await expect(page.locator('.sample-text')).toContainText(manuscript('ar').chapters[0]!.title);
});

test('the sitemap lists every edition’s sample in every language, each with its hreflang alternates', async ({
  page,
  request,
  baseURL,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  const entries = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return [...doc.getElementsByTagName('url')].map((url) => ({
      loc: url.getElementsByTagName('loc')[0]!.textContent!,
      alternates: Object.fromEntries(
        [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => [
          link.getAttribute('hreflang'),
          link.getAttribute('href'),
        ]),
      ),
    }));
  }, xml);
  for (const edition of editions) {
    const path = `/the-love-blueprint/${edition.id}/sample`;
    const expected = {
      ...Object.fromEntries(locales.map((locale) => [locale, `${baseURL}${localized(locale, path)}`])),
      'x-default': `${baseURL}${path}`,
    };
    for (const locale of locales) {
      const entry = entries.find((e) => e.loc === `${baseURL}${localized(locale, path)}`);
      expect(entry, `${locale} ${path}`).toBeDefined();
      expect(entry!.alternates, `${locale} ${path}`).toEqual(expected);
    }
  }
});

test('the landing page shows its edition’s ten chapter titles from the manuscript, and links the sample', async ({
  page,
}) => {
  for (const locale of ['en', 'ja', 'ar']) {
    const book = manuscript(locale);
    await page.goto(localized(locale, '/the-love-blueprint'));
    const inside = page.getByTestId('whats-inside');
    await expect(inside.getByRole('heading', { level: 2 })).toBeVisible();
    await expect(inside.locator('ol > li')).toHaveText([
      ...book.chapters.map((chapter) => chapter.title),
      book.challenge.title,
    ]);
    await expect(inside.getByRole('link')).toHaveAttribute(
      'href',
      localized(locale, `/the-love-blueprint/${locale}/sample`),
    );
  }
  // The offer links the visitor's edition's sample too.
  await page.goto('/the-love-blueprint');
  await expect(
    page.getByRole('region', { name: en.shop.offerTitle }).getByRole('link', { name: en.sample.readFree }),
  ).toHaveAttribute('href', '/the-love-blueprint/en/sample');
});

test('each edition’s purchase page links its sample', async ({ page }) => {
  for (const edition of editions) {
    await page.goto(`/the-love-blueprint/${edition.id}`);
    await expect(page.getByTestId('sample-link')).toHaveAttribute('href', `/the-love-blueprint/${edition.id}/sample`);
  }
  await page.goto('/ko/the-love-blueprint/ko');
  await page.getByTestId('sample-link').click();
  await expect(page).toHaveURL(/\/ko\/the-love-blueprint\/ko\/sample$/);
  await expect(page.locator('.sample-text')).toHaveAttribute('lang', 'ko');
});
