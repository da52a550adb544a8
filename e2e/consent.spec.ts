import { test, expect, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import { CONSENT_HEADER } from '../lib/http/request-headers';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

async function consentCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return {
    consent: cookies.find((c) => c.name === 'CookieConsent'),
    preferences: cookies.find((c) => c.name === 'cookie_preferences'),
  };
}

function expectYearLong(expires: number | undefined) {
  const now = Date.now() / 1000;
  expect(expires).toBeGreaterThan(now + YEAR_SECONDS - 120);
  expect(expires).toBeLessThan(now + YEAR_SECONDS + 120);
}

const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy, your choice' });

test.describe('cookie banner in the server HTML', () => {
  test('is present without a consent cookie and absent with one', async ({ request }) => {
    expect(await (await request.get('/')).text()).toContain('id="consent-banner"');
    expect(await (await request.get('/fr/blog')).text()).toContain('id="consent-banner"');
    for (const value of ['true', 'false']) {
      const html = await (await request.get('/', { headers: { Cookie: `CookieConsent=${value}` } })).text();
      expect(html).not.toContain('id="consent-banner"');
    }
  });

  test('cannot be spoofed with the internal header', async ({ request }) => {
    const spoofedAway = await request.get('/', { headers: { [CONSENT_HEADER]: 'accepted' } });
    expect(await spoofedAway.text()).toContain('id="consent-banner"');
    const spoofedBack = await request.get('/', {
      headers: { [CONSENT_HEADER]: 'unset', Cookie: 'CookieConsent=true' },
    });
    expect(await spoofedBack.text()).not.toContain('id="consent-banner"');
  });
});

test.describe('cookie banner', () => {
  test('Accept All sets both cookies to yes for a year', async ({ page, context }) => {
    await page.goto('/privacy');
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toHaveCount(0);
    const { consent, preferences } = await consentCookies(context);
    expect(consent?.value).toBe('true');
    expect(consent?.path).toBe('/');
    expect(consent?.sameSite).toBe('Lax');
    expect(consent?.secure).toBe(false); // plain http here; Secure is added on https
    expectYearLong(consent?.expires);
    expect(JSON.parse(decodeURIComponent(preferences!.value))).toEqual({
      advertising: true,
      marketing: true,
      analytics: true,
    });
    expect(preferences?.path).toBe('/');
    expectYearLong(preferences?.expires);
    await page.reload();
    await expect(banner(page)).toHaveCount(0);
  });

  test('Refuse All sets both cookies to no', async ({ page, context }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Refuse All' }).click();
    await expect(banner(page)).toHaveCount(0);
    const { consent, preferences } = await consentCookies(context);
    expect(consent?.value).toBe('false');
    expect(consent?.sameSite).toBe('Lax');
    expectYearLong(consent?.expires);
    expect(JSON.parse(decodeURIComponent(preferences!.value))).toEqual({
      advertising: false,
      marketing: false,
      analytics: false,
    });
  });

  test('passes axe while it is showing', async ({ page }) => {
    await page.goto('/help-centre');
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('gives its three choices equal visual weight', async ({ page }) => {
    await page.goto('/');
    const styles = await banner(page)
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((b) => {
          const s = getComputedStyle(b);
          return [
            s.backgroundColor,
            s.color,
            s.fontSize,
            s.fontWeight,
            s.borderTopWidth,
            s.borderTopColor,
            Math.round(b.getBoundingClientRect().height),
          ].join('|');
        }),
      );
    expect(styles).toHaveLength(3);
    expect(new Set(styles).size).toBe(1);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`never covers the focused element (${viewport.width}px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(banner(page)).toBeVisible();
      for (let i = 0; i < 45; i += 1) {
        await page.keyboard.press('Tab');
        const overlap = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          const bannerEl = document.getElementById('consent-banner');
          if (!active || !bannerEl || bannerEl.contains(active) || active === document.body) return null;
          const a = active.getBoundingClientRect();
          const b = bannerEl.firstElementChild!.getBoundingClientRect();
          if (a.width === 0 && a.height === 0) return null;
          const covered = a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right;
          return covered ? active.outerHTML.slice(0, 120) : null;
        });
        expect(overlap).toBeNull();
      }
    });
  }
});

test.describe('Privacy Preference Center', () => {
  test('starts with every optional switch off and the necessary row locked on', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Open Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Preference Center' });
    await expect(dialog).toBeVisible();
    const necessary = dialog.getByRole('switch', { name: /Strictly necessary/ });
    await expect(necessary).toHaveAttribute('aria-checked', 'true');
    await expect(necessary).toBeDisabled();
    for (const name of ['Advertising', 'Marketing', 'Analytics']) {
      await expect(dialog.getByRole('switch', { name, exact: true })).toHaveAttribute('aria-checked', 'false');
    }
    await expectNoAxeViolations(page);
  });

  test('traps focus, closes on Escape, and saves the switches as they stand', async ({ page, context }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Open Preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Preference Center' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect((await consentCookies(context)).consent).toBeUndefined();
    await expect(banner(page)).toBeVisible();

    await banner(page).getByRole('button', { name: 'Open Preferences' }).click();
    await dialog.getByRole('switch', { name: 'Analytics', exact: true }).press('Space');
    await expect(dialog.getByRole('switch', { name: 'Analytics', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(banner(page)).toHaveCount(0);
    const { consent, preferences } = await consentCookies(context);
    expect(consent?.value).toBe('true');
    expect(JSON.parse(decodeURIComponent(preferences!.value))).toEqual({
      advertising: false,
      marketing: false,
      analytics: true,
    });
  });

  test('I Accept All and Refuse All inside the centre', async ({ page, context }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Open Preferences' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'I Accept All' }).click();
    expect(JSON.parse(decodeURIComponent((await consentCookies(context)).preferences!.value))).toEqual({
      advertising: true,
      marketing: true,
      analytics: true,
    });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refuse All' }).click();
    expect((await consentCookies(context)).consent?.value).toBe('false');
  });

  test('can be reopened from /manage-cookies and shows the saved choice', async ({ page, context, baseURL }) => {
    await context.addCookies([
      { name: 'CookieConsent', value: 'true', url: baseURL! },
      {
        name: 'cookie_preferences',
        value: encodeURIComponent('{"advertising":false,"marketing":true,"analytics":false}'),
        url: baseURL!,
      },
    ]);
    await page.goto('/manage-cookies');
    await expect(banner(page)).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Change cookie preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Privacy Preference Center' });
    await expect(dialog.getByRole('switch', { name: 'Marketing', exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(dialog.getByRole('switch', { name: 'Advertising', exact: true })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await dialog.getByRole('switch', { name: 'Marketing', exact: true }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const { consent, preferences } = await consentCookies(context);
    expect(consent?.value).toBe('false');
    expect(JSON.parse(decodeURIComponent(preferences!.value))).toEqual({
      advertising: false,
      marketing: false,
      analytics: false,
    });
  });
});
