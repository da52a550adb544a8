import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { test, expect, expectAutoplayPauses, expectNoAxeViolations } from './fixtures';
import { PORTS } from './support/ports';
import { fillValidForm } from './support/purchase-form';
import { magicLinkFor as linkIn, messagesTo, outboxOf, plainTextOf } from './support/outbox';
import { entryBytes, readZip } from '../lib/shop/book/epub/zip';
import { PACKAGE_PATH, TITLE_PAGE_PATH } from '../lib/shop/book/epub/paths';
import { findEdition, formatPrice } from '../lib/shop/catalogue';
import { isolateForDirection } from '../lib/i18n/locales';
import { priceWithVatWording } from '../lib/shop/vat-wording';
import { INTERNAL_HEADER_PREFIX } from '../lib/http/request-headers';
import en from '../content/messages/en.json';
import fr from '../content/messages/fr.json';
import de from '../content/messages/de.json';
import ja from '../content/messages/ja.json';
import ar from '../content/messages/ar.json';

const OUTBOX = outboxOf(join('.data', 'e2e', String(PORTS.main)));

const magicLinkFor = (email: string) => linkIn(OUTBOX, email);

/** The landing page's reader testimonials' autoplay interval (EBOOK_TESTIMONIAL_AUTOPLAY_MS, app/[locale]/the-love-blueprint/page.tsx). */
const AUTOPLAY_MS = 2_000;

async function pdfInfo(path: string) {
  const doc = await PDFDocument.load(readFileSync(path));
  return { pages: doc.getPageCount(), keywords: doc.getKeywords() ?? '' };
}

test.describe('The Love Blueprint landing page', () => {
  test('headline, subtitle, sections, offer, and a cover that follows the language', async ({ page }) => {
    await page.goto('/the-love-blueprint');
    await expect(page.locator('h1')).toHaveText('The Love Blueprint');
    await expect(page.getByText('Exclusively on Amora')).toBeVisible();
    for (const heading of [
      'What Others Say',
      'Feeling Disconnected?',
      "What You'll Get",
      "Who It's For",
      'Special Launch Offer',
    ]) {
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    }
    const offer = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Special Launch Offer' }) });
    await expect(offer).toContainText('$7.99 one-time VAT\u00a0included');
    for (const promise of [
      'Instant access',
      'Private email support',
      '100% digital',
      'Secure payment',
      'Delivered instantly to your inbox',
    ]) {
      await expect(offer).toContainText(promise);
    }
    const cover = page.locator('img[data-edition]');
    await expect(cover).toHaveAttribute('data-edition', 'en');
    await page.getByRole('group', { name: 'Choose language' }).getByRole('button', { name: 'Français' }).click();
    await expect(cover).toHaveAttribute('data-edition', 'fr');
    await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', '/the-love-blueprint/fr');
    await expect(offer.getByRole('link', { name: 'Download The Love Blueprint Now' })).toHaveAttribute(
      'href',
      '/the-love-blueprint/fr',
    );
  });

  test('What Others Say autoplays every 2 s with five stars and can be paused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/the-love-blueprint');
    const region = page.getByRole('region', { name: 'Reader testimonials' });
    await expect(region.getByRole('img', { name: 'Five out of five stars' }).first()).toBeVisible();
    await expectAutoplayPauses(page, region, AUTOPLAY_MS);
    await expect(region.getByRole('button', { name: 'Next testimonial' })).toBeVisible();
    await expect(region.getByRole('button', { name: 'Previous testimonial' })).toBeVisible();
  });

  test('language dialog: Proceed waits for a choice, then opens that purchase page', async ({ page }) => {
    await page.goto('/the-love-blueprint');
    await page.getByRole('button', { name: 'Choose language', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Language' });
    await expect(dialog.getByRole('button', { name: 'Proceed' })).toBeDisabled();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Language').selectOption('fr');
    await expect(dialog.locator('img')).toHaveAttribute('src', '/images/covers/fr.svg');
    await dialog.getByRole('button', { name: 'Proceed' }).click();
    await expect(page).toHaveURL(/\/the-love-blueprint\/fr$/);
    await expect(page.getByText('Language: Français')).toBeVisible();
  });
});

test.describe('every edition', () => {
  const SPEC_ORDER = [
    'English',
    'Français',
    'বাংলা',
    'Deutsch',
    'Español',
    'Русский',
    '简体中文',
    '日本語',
    'ไทย',
    'Português',
    'Nederlands',
    'Polski',
    'Українська',
    'العربية',
    'Ελληνικά',
    'Filipino',
    '한국어',
  ];

  test("the landing page and the dialog offer all 17 in SPEC.md's order, and the page's own language comes selected", async ({
    page,
  }) => {
    await page.goto('/ja/the-love-blueprint');
    await expect(page.locator('img[data-edition]')).toHaveAttribute('data-edition', 'ja');
    await expect(page.locator('img[data-edition]')).toHaveAttribute('src', '/images/covers/ja.svg');
    const picker = page.getByRole('group', { name: '言語を選択' });
    await expect(picker.getByRole('button')).toHaveText(SPEC_ORDER);
    await expect(picker.getByRole('button', { name: '日本語' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: '今すぐ購入' })).toHaveAttribute('href', '/ja/the-love-blueprint/ja');
    await page.getByRole('button', { name: '言語を選択', exact: true }).click();
    const options = page.getByRole('dialog').getByRole('combobox').locator('option:not([disabled])');
    await expect(options).toHaveText(SPEC_ORDER);
  });

  test('each purchase page names its edition and links to the other sixteen', async ({ page }) => {
    await page.goto('/ar/the-love-blueprint/ar');
    await expect(page.locator('main img').first()).toHaveAttribute('src', '/images/covers/ar.svg');
    const others = page.getByRole('navigation', { name: ar.shop.otherEditions, exact: true }).getByRole('link');
    await expect(others).toHaveText(SPEC_ORDER.filter((label) => label !== 'العربية'));
    await others.filter({ hasText: 'ไทย' }).click();
    await expect(page).toHaveURL(/\/ar\/the-love-blueprint\/th$/);
  });

  // Issue 50: the page used to add ':' to every language's label.
  test("the label before the other editions ends with its language's own colon, once", async ({ page }) => {
    for (const [locale, label] of [
      ['fr', fr.shop.otherEditions],
      ['ja', ja.shop.otherEditions],
    ] as const) {
      await page.goto(`/${locale}/the-love-blueprint/${locale}`);
      const nav = page.getByRole('navigation', { name: label, exact: true });
      // textContent, not toHaveText: French's no-break space before ':' must stay one.
      expect(await nav.locator(':scope > span').textContent()).toBe(label);
    }
    expect([fr.shop.otherEditions.slice(-2), ja.shop.otherEditions.slice(-1)]).toEqual(['\u00a0:', '：']);
  });
});

test.describe('purchase page', () => {
  test('shows every validation message, and each clears when its field is edited', async ({ page }) => {
    await page.goto('/the-love-blueprint/en');
    await expect(page.getByTestId('price')).toHaveText('Price: $7.99 VAT\u00a0included');
    await page.getByRole('button', { name: 'Purchase' }).click();
    await expect(page.getByText('Name is required.')).toBeVisible();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Select a payment method.')).toBeVisible();
    await expect(page.getByText('Please confirm immediate delivery to continue.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Name').fill('A');
    await expect(page.getByText('Name is required.')).toHaveCount(0);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Card', { exact: true }).check();
    await page.getByRole('button', { name: 'Purchase' }).click();
    await expect(page.getByText('Invalid email.')).toBeVisible();
    await expect(page.getByText('Card number is required.')).toBeVisible();
    await page.getByLabel('Email').fill('a@b.co');
    await expect(page.getByText('Invalid email.')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the card field takes digits only, at most 19, typed or pasted', async ({ page }) => {
    await page.goto('/the-love-blueprint/en');
    await page.getByLabel('Card', { exact: true }).check();
    const card = page.getByLabel('Card number');
    await card.pressSequentially('42a4-2 e+.9');
    await expect(card).toHaveValue('42429');
    await card.press('Backspace');
    await expect(card).toHaveValue('4242');
    await card.fill('');
    await card.focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'card: 4242 4242-4242 4242 9999 8888');
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect(card).toHaveValue('4242424242424242999');
    await expect(card).toHaveAttribute('maxlength', '19');
    await expect(card).toHaveAttribute('inputmode', 'numeric');
  });

  test('Confirm Purchase dialog: Cancel closes it, Confirm places the order', async ({ page }) => {
    test.setTimeout(90_000);
    const email = `buyer-${Date.now()}@example.com`;
    await page.goto('/the-love-blueprint/en');
    await fillValidForm(page, email, { method: 'card' });
    await page.getByRole('button', { name: 'Purchase' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
    await expect(dialog).toContainText('Are you sure you want to purchase The Love Blueprint for $7.99?');
    await expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to purchase The Love Blueprint for $7.99? VAT\u00a0included',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The first order also opens the embedded database: seconds, more on a busy CI machine.
    await expect(page).toHaveURL(/\/success$/, { timeout: 45_000 });
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('purchase-data')))!);
    expect(stored).toMatchObject({
      name: 'Ana Buyer',
      email,
      paymentMethod: 'card',
      productId: 'en',
      cardLast4: '4242',
    });
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
  });
});

/** Issue 49 A: every price is VAT-inclusive and says so, in the page's language (decision 0019). */
test.describe('every price says it includes VAT', () => {
  const catalogues = { en, fr, de, ja, ar } as const;
  const VAT_LOCALES = Object.keys(catalogues) as (keyof typeof catalogues)[];
  const prefix = (locale: string) => (locale === 'en' ? '' : `/${locale}`);
  const priceIn = (locale: string) => formatPrice(findEdition(locale)!, locale);

  test("SPEC.md's confirm sentence is exactly the English message, the price outside the wording", () => {
    expect(en.shop.confirmBody.replace('{price}', priceIn('en'))).toBe(
      'Are you sure you want to purchase The Love Blueprint for $7.99?',
    );
  });

  for (const locale of VAT_LOCALES) {
    test(`${locale}: the launch offer, the purchase page and the Confirm Purchase dialog`, async ({ page }) => {
      // Two pages, a form and two axe scans: about 20 s on a quiet machine.
      test.setTimeout(120_000);
      const shop = catalogues[locale].shop;
      const price = priceIn(locale);

      await page.goto(`${prefix(locale)}/the-love-blueprint`);
      const offer = page.locator('section[aria-labelledby="launch-offer"]');
      // Real text in the price's own paragraph, so the price and the wording are read together.
      const wording = offer.locator('p [data-vat-wording]');
      await expect(wording).toBeVisible();
      await expect(wording).toHaveText(shop.vatIncluded);
      await expect(offer.locator('p').filter({ has: page.locator('[data-vat-wording]') })).toHaveText(
        `${shop.offerPrice.replace('{price}', isolateForDirection(price, locale))} ${shop.vatIncluded}`,
      );
      await expectNoAxeViolations(page);

      await page.goto(`${prefix(locale)}/the-love-blueprint/${locale}`);
      await expect(page.getByTestId('price')).toHaveText(`${shop.priceLabel}: ${price} ${shop.vatIncluded}`);
      await expect(page.getByTestId('price').locator('[data-vat-wording]')).toBeVisible();
      // Demo mode keeps saying that no payment is taken.
      await expect(page.getByText(shop.demoNotice, { exact: true })).toBeVisible();

      await page.getByLabel(shop.name, { exact: true }).fill('Ana Buyer');
      await page.getByLabel(shop.email, { exact: true }).fill(`vat-dialog-${locale}@example.com`);
      await page.getByLabel(shop.paypal, { exact: true }).check();
      await page.getByLabel(shop.acceptDelivery).check();
      await page.getByRole('button', { name: shop.purchase, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: shop.confirmTitle });
      const sentence = shop.confirmBody.replace('{price}', isolateForDirection(price, locale));
      // SPEC.md's sentence whole in its own paragraph; the wording beside it, never inside.
      const paragraphs = dialog.locator('p');
      await expect(paragraphs.first()).toBeVisible();
      expect(await paragraphs.first().textContent()).toBe(sentence);
      await expect(paragraphs.nth(1)).toHaveText(shop.vatIncluded);
      await expect(paragraphs.nth(1).locator('[data-vat-wording]')).toBeVisible();
      await expect(dialog).toHaveAccessibleDescription(`${sentence} ${shop.vatIncluded}`);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: shop.cancel, exact: true }).click();
      await expect(dialog).toHaveCount(0);
    });
  }

  test('the receipt email puts the wording beside the price, and the demo email still says no payment is taken', async ({
    request,
  }) => {
    // Five orders and their emails; the first order may also open the embedded database.
    test.setTimeout(120_000);
    for (const locale of VAT_LOCALES) {
      const messages = catalogues[locale];
      const email = `vat-receipt-${locale}-${Date.now()}@example.com`;
      const order = await request.post('/api/orders', {
        data: { editionId: locale, locale, name: 'Ana Buyer', email, paymentMethod: 'paypal', acceptDelivery: true },
      });
      expect(order.status()).toBe(201);
      await expect.poll(() => messagesTo(OUTBOX, email).length, { timeout: 15_000 }).toBe(1);
      const text = plainTextOf(messagesTo(OUTBOX, email)[0]!.raw);
      const paid = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(7.99);
      expect(text).toContain(
        `${messages.email.price}: ${priceWithVatWording(paid, messages.shop.vatIncluded, locale)}`,
      );
      expect(text).toContain(messages.shop.demoNotice);
    }
  });
});

test.describe('after the purchase', () => {
  test('success greeting, a 43-page download, and an email whose link downloads the stamped copy', async ({ page }) => {
    // The first download of an edition typesets its book.
    test.setTimeout(120_000);
    const email = `reader-${Date.now()}@example.com`;
    await page.goto('/the-love-blueprint/en');
    await fillValidForm(page, email);
    await page.getByRole('button', { name: 'Purchase' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/success$/, { timeout: 45_000 });
    await expect(page.locator('h1')).toHaveText('Purchase Successful!');
    await expect(page.getByText('Thank you for your purchase.')).toBeVisible();
    await page.getByRole('button', { name: 'Go to Download' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Hi Ana Buyer!');
    await expect(dialog).toContainText(`We've sent a magic link to ${email} to unlock access.`);
    await expect(dialog.locator('img')).toHaveAttribute('src', '/images/covers/en.svg');
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('the-love-blueprint-en.pdf');
    const orderId = JSON.parse((await page.evaluate(() => localStorage.getItem('purchase-data')))!).orderId as string;
    const fromSuccess = await pdfInfo((await download.path())!);
    expect(fromSuccess.pages).toBe(43);
    expect(fromSuccess.keywords).toContain(orderId);

    const link = await magicLinkFor(email);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.locator('h1')).toHaveText('Your copy of The Love Blueprint');
    await expect(page.getByText('Hi Ana Buyer,')).toBeVisible();
    await expectNoAxeViolations(page);
    const [second] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(second.suggestedFilename()).toBe('the-love-blueprint-en.pdf');
    expect((await pdfInfo((await second.path())!)).keywords).toContain(orderId);

    // The same page offers the EPUB, stamped on its title page and in its rights.
    await expect(page.getByText('The EPUB fits any screen')).toBeVisible();
    const [epub] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download EPUB' }).click(),
    ]);
    expect(epub.suggestedFilename()).toBe('the-love-blueprint-en.epub');
    const entries = readZip(readFileSync((await epub.path())!));
    const text = (name: string) => new TextDecoder().decode(entryBytes(entries.find((e) => e.name === name)!));
    expect(entries[0]?.name).toBe('mimetype');
    expect(text(TITLE_PAGE_PATH)).toContain('<bdi>Ana Buyer</bdi>');
    expect(text(TITLE_PAGE_PATH)).toContain(`<bdi dir="ltr">${email}</bdi>`);
    expect(text(TITLE_PAGE_PATH)).toContain(orderId);
    expect(text(PACKAGE_PATH)).toMatch(new RegExp(`<dc:rights>[^<]*Ana Buyer[^<]*${orderId}`));
  });

  test('a tampered link ends on Broken Link; a script gets a 4xx and never the file', async ({ page, request }) => {
    await page.goto('/library/eyJvIjoiZm9yZ2VkIiwieCI6OTk5OTk5OTk5OTk5OX0~AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.locator('h1')).toHaveText('Broken Link');
    await page.goto('/api/download/not-a-token/the-love-blueprint-en.pdf');
    await expect(page.locator('h1')).toHaveText('Broken Link');
    const response = await request.get('/api/download/not~atoken/the-love-blueprint-en.pdf');
    expect(response.status()).toBe(403);
    expect(response.headers()['content-type']).toContain('application/json');
  });

  test('the download answers with the right headers', async ({ request }) => {
    test.setTimeout(120_000);
    const order = await request.post('/api/orders', {
      data: {
        editionId: 'fr',
        name: 'Léa',
        email: `lea-${Date.now()}@example.com`,
        paymentMethod: 'paypal',
        acceptDelivery: true,
      },
    });
    expect(order.status()).toBe(201);
    const { downloadUrl } = await order.json();
    expect(downloadUrl).toMatch(/the-love-blueprint-fr\.pdf$/);
    const file = await request.get(downloadUrl);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(file.headers()['content-disposition']).toBe('attachment; filename="the-love-blueprint-fr.pdf"');
    expect(file.headers()['cache-control']).toBe('private, no-store');
    // Its size, for the browser's progress bar (Next drops it on a streamed body; the front door puts it back).
    const body = await file.body();
    expect(file.headers()['content-length']).toBe(String(body.byteLength));
    expect(file.headers()['transfer-encoding']).toBeUndefined();
    expect(Object.keys(file.headers()).filter((name) => name.startsWith(INTERNAL_HEADER_PREFIX))).toEqual([]);
    expect((await PDFDocument.load(body)).getPageCount()).toBe(43);
  });

  test('the demo shop says it takes no payment: beside the Purchase button, in every language, and in the email', async ({
    page,
    request,
  }) => {
    await page.goto('/the-love-blueprint/en');
    const notice = page.getByText('Demo shop: no payment is taken.');
    await expect(notice).toBeVisible();
    await expect(page.getByRole('button', { name: 'Purchase' })).toHaveAccessibleDescription(
      'Demo shop: no payment is taken.',
    );
    await page.goto('/ja/the-love-blueprint/en');
    const described = await page.locator('form button[type="submit"]').getAttribute('aria-describedby');
    const japanese = page.locator(`[id="${described}"]`);
    await expect(japanese).toHaveText(/\p{Script=Han}|\p{Script=Katakana}|\p{Script=Hiragana}/u);
    const email = `demo-notice-${Date.now()}@example.com`;
    const order = await request.post('/api/orders', {
      data: { editionId: 'en', name: 'Dora Demo', email, paymentMethod: 'paypal', acceptDelivery: true },
    });
    expect(order.status()).toBe(201);
    expect((await order.json()).status).toBe('paid');
    await magicLinkFor(email);
    const sent = messagesTo(OUTBOX, email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Demo shop: no payment is taken.');
  });

  test('a name in another script is printed on every page of the copy, never as "?"', async ({ request }) => {
    test.setTimeout(60_000);
    const name = 'مريم الحسن';
    const order = await request.post('/api/orders', {
      data: {
        editionId: 'en',
        name,
        email: `maryam-${Date.now()}@example.com`,
        paymentMethod: 'paypal',
        acceptDelivery: true,
      },
    });
    expect(order.status()).toBe(201);
    const file = await request.get((await order.json()).downloadUrl);
    expect(file.status()).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'amora-e2e-stamp-'));
    const path = join(dir, 'copy.pdf');
    writeFileSync(path, await file.body());
    // Read back with poppler, as a reader's PDF viewer would; bidi marks aside, the words are there.
    const pages = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' })
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .split('\f')
      .filter((page) => page.trim());
    expect(pages).toHaveLength(43);
    for (const page of pages) {
      expect(page).toContain('مريم');
      expect(page).toContain('الحسن');
    }
    expect(pages.join('')).not.toContain('???');
    rmSync(dir, { recursive: true, force: true });
  });

  test('/success with nothing stored says so', async ({ page }) => {
    await page.goto('/success');
    await expect(page.getByText('No purchase details found.')).toBeVisible();
    await page.getByRole('button', { name: 'Go to Download' }).click();
    await expect(page.getByRole('dialog')).toContainText('No purchase details found.');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Download' })).toHaveCount(0);
  });
});
