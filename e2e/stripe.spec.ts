import { PDFDocument } from 'pdf-lib';
import { test, expect, expectHydrated } from './fixtures';
import { PORTS } from './support/ports';
import { startServer, type TestServer } from './support/server';
import { messagesTo, magicLinkFor, outboxOf, type OutboxMessage } from './support/outbox';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.mjs';

/**
 * Real payments (PAYMENT_PROVIDER=stripe), end to end: a production server whose official
 * Stripe library talks to e2e/support/fake-stripe.mjs, a Stripe-compatible server with a hosted
 * payment page and webhooks signed as Stripe signs them.
 */
const SECRET_KEY = 'sk_test_amoraEndToEnd';
const WEBHOOK_SECRET = 'whsec_amoraEndToEndSigningSecret';

let stripe: FakeStripe;
let server: TestServer;
let outbox: string;

// Each worker that runs tests of this file has its own fake Stripe and server (a port of its own
// beside PORTS.stripe), so the file's tests spread over the workers instead of queueing on one.
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stripe = await startFakeStripe({ port: 0, webhookSecret: WEBHOOK_SECRET, secretKey: SECRET_KEY });
  server = await startServer(PORTS.stripe + 100 * test.info().parallelIndex, {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    APP_SECRET: 'stripe-e2e-secret-'.padEnd(48, 'x'),
    SELLER_NAME: 'Amora Books Ltd',
    SELLER_ADDRESS: '1 Main Street\\nDublin D02 X285\\nIreland',
    SELLER_VAT_ID: 'IE1234567FA',
    PROMOTION_CODES: 'on',
  });
  stripe.setWebhookUrl(`${server.origin}/api/payments/stripe/webhook`);
  outbox = outboxOf(server.dataDir);
});

test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

test.beforeEach(() => {
  stripe.setWebhookMode('before-redirect');
  stripe.setPaypalAvailable(true);
  stripe.setTaxLocationInvalid(false);
});

const SELLER_LINE = 'Amora Books Ltd, 1 Main Street, Dublin D02 X285, Ireland, VAT number IE1234567FA';

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}@example.com`;

/** Fills the purchase form (no card field in Stripe mode) and confirms, landing on Stripe's page. */
async function checkout(
  page: import('@playwright/test').Page,
  email: string,
  method: 'card' | 'paypal',
  edition = 'en',
) {
  await page.goto(`${server.origin}/the-love-blueprint/${edition}`);
  await expect(page.getByText("You will enter your payment details on Stripe's secure page.")).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByLabel('Name').fill('Maya Stripe');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(method === 'card' ? 'Card' : 'PayPal', { exact: true }).check();
  await page.getByLabel(/delivered immediately/).check();
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_`), { timeout: 20_000 });
  // The buyer is on Stripe's origin now: the order is the session's client_reference_id.
  const session = [...stripe.sessions.values()].filter((s) => s.customer_email === email).at(-1)!;
  return { orderId: session.client_reference_id!, session };
}

async function expectPaidAndDownload(page: import('@playwright/test').Page, orderId: string) {
  await expect(page).toHaveURL(`${server.origin}/success?order=${orderId}`);
  await expect(page.locator('h1')).toHaveText('Purchase Successful!', { timeout: 20_000 });
  // Back from Stripe's page: a full load, whose dialog trigger answers once React has hydrated.
  await expectHydrated(page);
  await page.getByRole('button', { name: 'Go to Download' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Hi Maya Stripe!');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download' }).click(),
  ]);
  const pdf = await PDFDocument.load(await (await import('node:fs/promises')).readFile((await download.path())!));
  expect(pdf.getPageCount()).toBe(43);
  expect(pdf.getKeywords()).toContain(orderId);
}

const isLookup = (message: OutboxMessage) => message.raw.includes('Subject: Your purchases at Amora');

/**
 * The emails sent to `email` once everything the server had queued has gone out, "Find my
 * purchases" answers left out. Asking for one queues one more email to the address; the server
 * sends its queue in order, one pass at a time, so once that one is in the outbox, nothing queued
 * before it is still waiting.
 */
async function sentSoFar(request: import('@playwright/test').APIRequestContext, email: string) {
  const lookups = messagesTo(outbox, email).filter(isLookup).length;
  expect((await request.post(`${server.origin}/api/library/lookup`, { data: { email } })).status()).toBe(202);
  await expect.poll(() => messagesTo(outbox, email).filter(isLookup).length, { timeout: 15_000 }).toBe(lookups + 1);
  return messagesTo(outbox, email).filter((message) => !isLookup(message));
}

const orderStatus = async (request: import('@playwright/test').APIRequestContext, orderId: string) =>
  ((await (await request.get(`${server.origin}/api/orders/${orderId}/status`)).json()) as { status: string }).status;

test("card: Stripe's page, back to /success, one email, a 43-page PDF; the webhook came before the buyer", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('stripe-card');
  const { orderId, session } = await checkout(page, email, 'card');
  expect(session).toMatchObject({
    amount_total: 799,
    currency: 'usd',
    customer_email: email,
    locale: 'en',
    mode: 'payment',
    // Stripe Tax (issue 49 B): VAT inside the price, the e-book tax code, tax IDs, an invoice, promotion codes.
    automatic_tax: { enabled: true },
    line_items_tax: { behavior: 'inclusive', code: 'txcd_10302000' },
    billing_address_collection: 'required',
    tax_id_collection: { enabled: true },
    invoice_creation: { enabled: true },
    allow_promotion_codes: true,
  });
  // A German consumer: 7% VAT is inside the $7.99.
  await page.getByLabel('Country').fill('DE');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expectPaidAndDownload(page, orderId);
  // The download dialog is modal: closed, the page's receipt is there to read.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const receipt = page.getByRole('region', { name: 'Your receipt' });
  await expect(receipt).toContainText('$7.99');
  await expect(receipt).toContainText('$0.52 included (7%, Germany)');
  await expect(receipt).toContainText(SELLER_LINE);
  const link = await magicLinkFor(outbox, email);
  expect(messagesTo(outbox, email)).toHaveLength(1);
  const mail = messagesTo(outbox, email)[0]!.text;
  expect(mail).not.toContain('Demo shop');
  expect(mail).toContain('VAT: $0.52 included (7%, Germany)');
  expect(mail).toContain(`Seller: ${SELLER_LINE}`);
  expect(mail).toMatch(/Invoice: http:\/\/127\.0\.0\.1:\d+\/invoice\/in_/);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, server.origin));
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  // The library links Stripe's invoice.
  const invoice = page.getByRole('link', { name: 'View or download your invoice' });
  await expect(invoice).toHaveAttribute('href', new RegExp(`^${stripe.url}/invoice/in_`));
  expect((await page.request.get((await invoice.getAttribute('href'))!)).status()).toBe(200);
});

test('a French business with a VAT number and a promotion code: reverse charge, the discount, what was paid; shown to the buying browser only', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('stripe-business');
  const { orderId } = await checkout(page, email, 'card');
  await page.getByLabel('Country').fill('FR');
  await page.getByLabel('VAT number').fill('FR12345678901');
  await page.getByLabel('Promotion code').fill('LAUNCH20');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${server.origin}/success?order=${orderId}`);
  const receipt = page.getByRole('region', { name: 'Your receipt' });
  await expect(receipt).toContainText('$6.39', { timeout: 20_000 });
  await expect(receipt).toContainText('$1.60 (code LAUNCH20)');
  await expect(receipt).toContainText(
    'Reverse charge: no VAT charged; the buyer accounts for it (VAT number FR12345678901)',
  );
  await expect(receipt).not.toContainText('included (');
  // Anyone else holding the order id (it is in the email, Stripe's dashboard, the status route) sees
  // that it is paid, never the receipt with the VAT number and the invoice.
  const stranger = await browser.newPage();
  await stranger.goto(`${server.origin}/success?order=${orderId}`);
  await expect(stranger.locator('h1')).toHaveText('Purchase Successful!');
  await expect(stranger.getByRole('region', { name: 'Your receipt' })).toHaveCount(0);
  expect(await stranger.content()).not.toContain('FR12345678901');
  await stranger.close();
});

test('Stripe Tax cannot place the buyer: told so on the form in their language, nothing charged, no session', async ({
  page,
}) => {
  stripe.setTaxLocationInvalid(true);
  const sessions = stripe.sessions.size;
  await page.goto(`${server.origin}/de/the-love-blueprint/de`);
  await page.getByLabel('Name').fill('Maya Stripe');
  await page.getByLabel('E-Mail').fill(uniqueEmail('stripe-nowhere'));
  await page.getByLabel('Karte', { exact: true }).check();
  await page.getByLabel(/Widerrufsrecht/).check();
  await page.getByRole('button', { name: 'Kaufen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
  await expect(
    page.getByText('Wir konnten Ihr Land für die Mehrwertsteuer nicht bestimmen. Es wurde nichts abgebucht.', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(`${server.origin}/de/the-love-blueprint/de`);
  expect(stripe.sessions.size).toBe(sessions);
});

test('PayPal: the same, with the webhook arriving after the buyer is back (one paid order, one email)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  stripe.setWebhookMode('after-redirect');
  const email = uniqueEmail('stripe-paypal');
  const { orderId, session } = await checkout(page, email, 'paypal', 'fr');
  expect(JSON.stringify(session)).toContain('paypal');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expectPaidAndDownload(page, orderId);
  // The late webhook finds the order paid already and changes nothing.
  await expect
    .poll(
      () =>
        stripe.deliveries.filter(
          (d) =>
            d.type === 'checkout.session.completed' &&
            stripe.events.find((e) => e.id === d.eventId)?.data.object.id === session.id,
        ).length,
      { timeout: 10_000 },
    )
    .toBe(1);
  await magicLinkFor(outbox, email);
  expect(await sentSoFar(page.request, email)).toHaveLength(1);
});

test('an account without PayPal: the buyer is told, on the form, and can choose card', async ({ page }) => {
  stripe.setPaypalAvailable(false);
  await page.goto(`${server.origin}/the-love-blueprint/en`);
  await page.getByLabel('Name').fill('Maya Stripe');
  await page.getByLabel('Email').fill(uniqueEmail('stripe-nopaypal'));
  await page.getByLabel('PayPal', { exact: true }).check();
  await page.getByLabel(/delivered immediately/).check();
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('This payment method is not available right now. Please choose another.')).toBeVisible();
  await expect(page).toHaveURL(`${server.origin}/the-love-blueprint/en`);
});

test("cancel on Stripe's page: back to the filled-in form with a message, nothing charged, no email; Confirm again opens a new checkout", async ({
  page,
}) => {
  const email = uniqueEmail('stripe-cancel');
  const { orderId, session } = await checkout(page, email, 'card');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`${server.origin}/the-love-blueprint/en?checkout=cancelled`);
  await expect(
    page.getByText('Payment cancelled. Nothing was charged, and your details are still here.'),
  ).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Maya Stripe');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  expect(stripe.sessions.get(session.id)!.payment_status).toBe('unpaid');
  expect(await orderStatus(page.request, orderId)).toBe('pending');
  await page.getByLabel('Card', { exact: true }).check();
  await page.getByLabel(/delivered immediately/).check();
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  expect(page.url()).not.toContain(session.id);
  expect(messagesTo(outbox, email)).toHaveLength(0);
});

test('an expired checkout: the order ends, /success says so with a way back, no email', async ({ page }) => {
  const email = uniqueEmail('stripe-expired');
  const { orderId, session } = await checkout(page, email, 'card');
  await stripe.expire(session.id);
  await expect.poll(() => orderStatus(page.request, orderId)).toBe('expired');
  await page.goto(`${server.origin}/success?order=${orderId}`);
  await expect(page.locator('h1')).toHaveText('This checkout has expired');
  await expect(page.getByRole('link', { name: 'Back to the purchase page' })).toHaveAttribute(
    'href',
    '/the-love-blueprint/en',
  );
  expect(messagesTo(outbox, email)).toHaveLength(0);
});

test('without JavaScript, a confirming /success offers to check again, and checking shows the purchase once paid', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = uniqueEmail('stripe-nojs');
  const order = await page.request.post(`${server.origin}/api/orders`, {
    data: { editionId: 'en', name: 'Maya Stripe', email, paymentMethod: 'card', acceptDelivery: true },
  });
  const { orderId, checkoutUrl } = (await order.json()) as { orderId: string; checkoutUrl: string };
  await page.goto(`${server.origin}/success?order=${orderId}`);
  await expect(page.locator('h1')).toHaveText('Confirming your payment…');
  await stripe.pay(checkoutUrl.split('/').pop()!);
  await page.getByRole('link', { name: 'Check again' }).click();
  await expect(page.locator('h1')).toHaveText('Purchase Successful!');
  await context.close();
});

test('a lost webhook: /success still confirms by asking Stripe, and the email goes out once', async ({ page }) => {
  test.setTimeout(90_000);
  stripe.setWebhookMode('never');
  const email = uniqueEmail('stripe-lost');
  const { orderId, session } = await checkout(page, email, 'card');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expectPaidAndDownload(page, orderId);
  expect(
    stripe.deliveries.some((d) => stripe.events.find((e) => e.id === d.eventId)?.data.object.id === session.id),
  ).toBe(false);
  await magicLinkFor(outbox, email);
  expect(messagesTo(outbox, email)).toHaveLength(1);
});

test('a replayed event changes nothing; a forged signature gets 400 and changes nothing', async ({ page, request }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('stripe-replay');
  const { orderId, session } = await checkout(page, email, 'card');
  // An event for this still-pending order, signed with the wrong secret, then with none.
  const forged = JSON.stringify({
    id: 'evt_forged',
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' } },
  });
  for (const signature of [
    stripe.sign(forged, { secret: 'whsec_notTheShopsSecret' }),
    `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    '',
  ]) {
    const response = await request.post(`${server.origin}/api/payments/stripe/webhook`, {
      data: forged,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    });
    expect(response.status()).toBe(400);
  }
  // A signature over another body does not carry over to this one.
  const tampered = await request.post(`${server.origin}/api/payments/stripe/webhook`, {
    data: forged,
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': stripe.sign(forged.replace('pi_forged', 'pi_other')),
    },
  });
  expect(tampered.status()).toBe(400);
  expect(await orderStatus(request, orderId)).toBe('pending');

  await page.getByRole('button', { name: 'Pay' }).click();
  await expectPaidAndDownload(page, orderId);
  await magicLinkFor(outbox, email);
  const completed = stripe.events.find(
    (e) => e.type === 'checkout.session.completed' && e.data.object.id === session.id,
  )!;
  expect(await stripe.redeliver(completed.id)).toBe(200);
  expect(await stripe.redeliver(completed.id)).toBe(200);
  expect(await sentSoFar(request, email)).toHaveLength(1);
  expect(await orderStatus(request, orderId)).toBe('paid');
});

test("a refund revokes the link: the email's link goes to Broken Link, and so does a dispute's", async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('stripe-refund');
  const { orderId, session } = await checkout(page, email, 'card');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(`${server.origin}/success?order=${orderId}`);
  const link = (await magicLinkFor(outbox, email)).replace(/^https?:\/\/[^/]+/, server.origin);
  await page.goto(link);
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  await stripe.refund(session.id);
  await page.goto(link);
  await expect(page).toHaveURL(/\/broken-link$/);
  await expect(page.locator('h1')).toHaveText('Broken Link');

  // A dispute (a chargeback) does the same, for an order placed and paid without the browser.
  const disputed = uniqueEmail('stripe-dispute');
  const order = await page.request.post(`${server.origin}/api/orders`, {
    data: { editionId: 'en', name: 'Maya Stripe', email: disputed, paymentMethod: 'card', acceptDelivery: true },
  });
  expect(order.status()).toBe(201);
  const { orderId: disputedOrder, checkoutUrl } = (await order.json()) as { orderId: string; checkoutUrl: string };
  await stripe.pay(checkoutUrl.split('/').pop()!);
  const disputedLink = (await magicLinkFor(outbox, disputed)).replace(/^https?:\/\/[^/]+/, server.origin);
  expect(await orderStatus(page.request, disputedOrder)).toBe('paid');
  await stripe.dispute(checkoutUrl.split('/').pop()!);
  await page.goto(disputedLink);
  await expect(page).toHaveURL(/\/broken-link$/);
});

test("a pending order's library link says the payment is not confirmed yet", async ({ page }) => {
  const email = uniqueEmail('stripe-pending');
  await checkout(page, email, 'card');
  // Back on the shop's origin (the browser back button), where purchase-data was saved before leaving.
  await page.goBack();
  const downloadUrl = JSON.parse((await page.evaluate(() => localStorage.getItem('purchase-data')))!)
    .downloadUrl as string;
  const token = /\/api\/download\/([^/]+)\//.exec(downloadUrl)![1];
  await page.goto(`${server.origin}/library/${token}`);
  await expect(page.locator('h1')).toHaveText('Payment not confirmed yet');
  const file = await page.request.get(`${server.origin}${downloadUrl}`);
  expect(file.status()).toBeGreaterThanOrEqual(400);
  expect(file.headers()['content-type']).not.toContain('pdf');
});
