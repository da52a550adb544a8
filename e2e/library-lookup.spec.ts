import { test, expect } from './fixtures';
import { PORTS } from './support/ports';
import { messagesTo, outboxOf } from './support/outbox';
import { join } from 'node:path';
import { startServer } from './support/server';

/**
 * "Find my purchases" (/library): the answer never says whether an address bought anything;
 * an address that did gets one email with a fresh link to each order.
 */
const OUTBOX = outboxOf(join('.data', 'e2e', String(PORTS.main)));

async function placeOrder(request: import('@playwright/test').APIRequestContext, email: string, editionId: string) {
  const response = await request.post('/api/orders', {
    data: { editionId, name: 'Lina Lookup', email, paymentMethod: 'paypal', acceptDelivery: true },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { orderId: string }).orderId;
}

const lookupMessages = (email: string) =>
  messagesTo(OUTBOX, email).filter((m) => m.raw.includes('Subject: Your purchases at Amora'));

test('two orders by one address: the form (without JavaScript) sends one email with two working links', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const email = `lookup-${Date.now()}@example.com`;
  const orders = [await placeOrder(request, email, 'en'), await placeOrder(request, email, 'fr')];
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/library');
  await expect(page.locator('h1')).toHaveText('Find my purchases');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Email me my links' }).click();
  await expect(page).toHaveURL(/\/library\?sent=1$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: 'If this address has purchases, an email with your links is on its way.' }),
  ).toBeVisible();

  await expect.poll(() => lookupMessages(email).length, { timeout: 15_000 }).toBe(1);
  const text = lookupMessages(email)[0]!.text;
  const links = [...text.matchAll(/https?:\/\/\S+\/library\/[A-Za-z0-9_~-]+/g)].map((m) => m[0]);
  expect(new Set(links).size).toBe(2);
  for (const orderId of orders) expect(text).toContain(orderId);
  for (const link of new Set(links)) {
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
  }
  await context.close();
});

test('an unknown address gets the same 202 and no email; the answer does not wait for the lookup', async ({
  request,
}) => {
  test.setTimeout(60_000);
  const known = `lookup-known-${Date.now()}@example.com`;
  const unknown = `lookup-unknown-${Date.now()}@example.com`;
  await placeOrder(request, known, 'en');
  const ask = async (email: string) => {
    const started = performance.now();
    const response = await request.post('/api/library/lookup', { data: { email } });
    return { status: response.status(), body: await response.text(), ms: performance.now() - started };
  };
  const answers = { known: await ask(known), unknown: await ask(unknown) };
  expect(answers.known.status).toBe(202);
  expect(answers.unknown.status).toBe(202);
  expect(answers.unknown.body).toBe(answers.known.body);
  // The work happens after the answer: several of each take about as long. Asked in turns, so a
  // burst of load from a parallel test slows both kinds alike rather than one block of them.
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < 5; i += 1) {
    times.known.push((await ask(known)).ms);
    times.unknown.push((await ask(unknown)).ms);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[2]!;
  expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(150);

  await expect.poll(() => lookupMessages(known).length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(lookupMessages(unknown)).toHaveLength(0);
  expect(messagesTo(OUTBOX, unknown)).toHaveLength(0);
});

test('a malformed address gets a clear message, by API and on the page', async ({ page, request }) => {
  const response = await request.post('/api/library/lookup', { data: { email: 'not-an-address' } });
  expect(response.status()).toBe(422);
  expect((await response.json()).message).toBe('Please enter a valid email address.');
  await page.goto('/library?error=invalid');
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid email address.' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('the footer, /broken-link and /success lead to Find my purchases', async ({ page }) => {
  await page.goto('/broken-link');
  await expect(page.getByRole('link', { name: 'Lost your link? Find my purchases' })).toHaveAttribute(
    'href',
    '/library',
  );
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Find my purchases' })).toHaveAttribute(
    'href',
    '/library',
  );
  await page.goto('/fr/success');
  await expect(page.getByRole('link', { name: 'Lien perdu ? Retrouver mes achats' })).toHaveAttribute(
    'href',
    '/fr/library',
  );
});

test('the limits: one lookup email per address an hour (the rest silently), and 429 past the per-client limit', async () => {
  test.setTimeout(90_000);
  const server = await startServer(PORTS.lookupLimits, { LINK_LIMIT_PER_MINUTE: '3', EMAIL_LIMIT_PER_HOUR: '1' });
  try {
    const outbox = outboxOf(server.dataDir);
    const email = `lookup-limit-${Date.now()}@example.com`;
    const order = await fetch(`${server.origin}/api/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        editionId: 'en',
        name: 'Lina Lookup',
        email,
        paymentMethod: 'paypal',
        acceptDelivery: true,
      }),
    });
    expect(order.status).toBe(201);
    const ask = async () =>
      (
        await fetch(`${server.origin}/api/library/lookup`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email }),
        })
      ).status;
    expect([await ask(), await ask(), await ask(), await ask()]).toEqual([202, 202, 202, 429]);
    await expect
      .poll(() => messagesTo(outbox, email).filter((m) => m.raw.includes('Subject: Your purchases at Amora')).length, {
        timeout: 15_000,
      })
      .toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(messagesTo(outbox, email).filter((m) => m.raw.includes('Subject: Your purchases at Amora'))).toHaveLength(1);
  } finally {
    await server.stop();
  }
});
