import type { Page } from '@playwright/test';
import { expectHydrated } from '../fixtures';

/** Fills the purchase form with valid details (on /the-love-blueprint/{id}), ready to Purchase. */
export async function fillValidForm(
  page: Page,
  email: string,
  options: { name?: string; method?: 'card' | 'paypal' } = {},
) {
  const method = options.method ?? 'paypal';
  // Typed before React hydrates, the fields can be reset, and Purchase submits the no-JS form.
  await expectHydrated(page);
  await page.getByLabel('Name').fill(options.name ?? 'Ana Buyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(method === 'card' ? 'Card' : 'PayPal', { exact: true }).check();
  if (method === 'card') await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel(/delivered immediately/).check();
}
