import { test, expect, expectHydrated } from './fixtures';

/**
 * Third review, finding 5, on the pages: a message's placeholder was filled in by String.replace,
 * which reads `$&`, `$'` and `` $` `` in the visitor's text as patterns. An email the form accepts
 * (a$'b$&@x.example) garbled the success dialog; a help search did the same to the empty state.
 */
test('the success dialog names the email exactly as the buyer typed it, $ and all', async ({ page }) => {
  const email = "a$'b$&c$`@x.example";
  await page.goto('/the-love-blueprint/en');
  await page.evaluate(
    (email) =>
      localStorage.setItem(
        'purchase-data',
        JSON.stringify({
          orderId: 'order-1',
          name: 'Bob Doe',
          email,
          paymentMethod: 'paypal',
          productId: 'en',
          downloadUrl: '/api/download/token/the-love-blueprint-en.pdf',
          expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
        }),
      ),
    email,
  );
  await page.goto('/success');
  await expectHydrated(page);
  await page.getByRole('button', { name: 'Go to Download' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Hi Bob Doe!');
  await expect(dialog).toContainText(`We've sent a magic link to ${email} to unlock access.`);
});

test('the help centre’s empty state names the search exactly as typed', async ({ page }) => {
  await page.goto('/help-centre');
  const query = "zz $& $' $` $$ {query}";
  await page.getByPlaceholder('Search questions...').fill(query);
  await expect(page.getByRole('heading', { name: /Nothing matches/ })).toHaveText(`Nothing matches “${query}”`);
});
