import { createHash } from 'node:crypto';
import { startServer } from './support/server';
import { PORTS } from './support/ports';
import { test, expect, watchCspViolations } from './fixtures';

const requiredPageHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

test.describe('HTTP security headers', () => {
  test('pages carry a strict CSP (hashes on shared pages, a nonce on the others) and the hardening headers', async ({
    request,
  }) => {
    for (const path of ['/', '/fr/blog', '/privacy', '/no-such-page', '/library']) {
      const response = await request.get(path);
      const headers = response.headers();
      for (const [name, value] of Object.entries(requiredPageHeaders))
        expect(headers[name], `${path} ${name}`).toBe(value);
      expect(headers['strict-transport-security']).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(headers['strict-transport-security']!)![1])).toBeGreaterThanOrEqual(31536000);
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['permissions-policy']).toContain('geolocation=()');
      const csp = headers['content-security-policy']!;
      // A shared page (docs/decisions/0018-shareable-documents.md): its inline scripts by hash; any
      // other page (/library, rendered per visitor): a nonce and 'strict-dynamic'.
      expect(csp, path).toMatch(
        path === '/library'
          ? /script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'(;|$)/
          : /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+(;|$)/,
      );
      for (const directive of [
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(headers['x-powered-by']).toBeUndefined();
    }
  });

  test('behind a trusted TLS proxy, the policy upgrades insecure requests and the language menu’s cookie is Secure; a client claiming https gets neither', async ({
    request,
  }) => {
    test.setTimeout(120_000); // a server of its own starts, which takes half a minute on a busy machine
    // Without TRUSTED_PROXY_HOPS, X-Forwarded-Proto is the client's word and counts for nothing.
    const claimed = await request.get('/fr/privacy', { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const claimedChoice = await request.get('/api/locale?to=fr&path=%2Fprivacy', {
      headers: { 'x-forwarded-proto': 'https' },
      maxRedirects: 0,
    });
    expect(claimedChoice.headers()['set-cookie']).toMatch(/^NEXT_LOCALE=fr;/);
    expect(claimedChoice.headers()['set-cookie']).not.toMatch(/;\s*secure/i);
    // Behind a proxy a stopping server waits for the proxy to close its idle connections (lib/server/
    // graceful-shutdown.ts), and this test's fetch keeps one: a short bound, which cuts nothing idle.
    const proxied = await startServer(PORTS.proxied, { TRUSTED_PROXY_HOPS: '1', SHUTDOWN_TIMEOUT_SECONDS: '2' });
    try {
      const plain = await fetch(`${proxied.origin}/de/privacy`, {
        headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '198.51.100.1' },
      });
      expect(plain.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      const https = await fetch(`${proxied.origin}/fr/privacy`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' },
      });
      expect(https.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
      // No page sets a cookie; the language menu's handler sets the only one, Secure over https.
      expect(https.headers.getSetCookie()).toEqual([]);
      const choice = await fetch(`${proxied.origin}/api/locale?to=fr&path=%2Fprivacy`, {
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' },
        redirect: 'manual',
      });
      expect([choice.status, choice.headers.get('location')]).toEqual([303, '/fr/privacy']);
      expect(choice.headers.getSetCookie()).toEqual(['NEXT_LOCALE=fr; Path=/; Max-Age=31536000; SameSite=Lax; Secure']);
    } finally {
      await proxied.stop();
    }
  });

  test('on a page rendered per visitor, every inline and external script carries this response’s nonce, and nonces differ per request', async ({
    request,
  }) => {
    // A consent cookie sent twice: no shared page for this visitor (lib/consent/request.ts).
    const visitor = { headers: { Cookie: 'CookieConsent=true; CookieConsent=false' } };
    const first = await request.get('/', visitor);
    const second = await request.get('/', visitor);
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1];
    const nonce = nonceOf(first.headers()['content-security-policy']!);
    expect(nonce).not.toBe(nonceOf(second.headers()['content-security-policy']!));
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test('every <style> carries this response’s nonce or is the build’s own CSS, allowed by its hash, and no element has a style attribute, shared, stored or rendered per visitor', async ({
    request,
  }) => {
    // The CSP allows <style> only by nonce, or by the hash of the build's inlined CSS, and no style
    // attributes (lib/security/csp.ts, style-hashes.ts); each page twice as a shared document (the
    // second from the store, no nonce), and once rendered for one visitor (with a nonce).
    const perVisitor = { Cookie: 'CookieConsent=true; CookieConsent=false' };
    for (const path of ['/', '/fr', '/ar', '/the-love-blueprint', '/blog', '/help-centre', '/manage-cookies']) {
      for (const headers of [{}, {}, perVisitor]) {
        const response = await request.get(path, { headers });
        const csp = response.headers()['content-security-policy']!;
        const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? 'no nonce';
        const html = await response.text();
        const styles = [...html.matchAll(/(<style\b[^>]*>)([\s\S]*?)<\/style>/gi)];
        expect(styles.length, path).toBeGreaterThan(0);
        for (const [, tag, text] of styles) {
          const hash = `'sha256-${createHash('sha256').update(text!).digest('base64')}'`;
          expect(tag!.includes(`nonce="${nonce}"`) || (text!.length > 0 && csp.includes(hash)), `${path}: ${tag}`).toBe(
            true,
          );
        }
        const tags = html.match(/<[a-zA-Z][^>]*>/g) ?? [];
        if (nonce !== 'no nonce')
          for (const tag of tags.filter((t) => /^<link\b[^>]*rel="stylesheet"[^>]*data-precedence="next"/.test(t)))
            expect(tag, path).toContain(`nonce="${nonce}"`);
        expect(
          tags.filter((t) => /\sstyle=/i.test(t)),
          path,
        ).toEqual([]);
      }
    }
  });

  test('a shared page is the same bytes for every visitor, with no nonce anywhere; a page rendered per visitor carries only its own', async ({
    request,
  }) => {
    const shared = [await request.get('/blog'), await request.get('/blog')];
    const bodies = await Promise.all(shared.map((response) => response.text()));
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[0]).not.toMatch(/\snonce=/);
    for (const response of shared) expect(response.headers()['content-security-policy']).not.toContain('nonce');
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1]!;
    const visitor = { headers: { Cookie: 'CookieConsent=true; CookieConsent=false' } };
    const own = [await request.get('/blog', visitor), await request.get('/blog', visitor)];
    const nonces = own.map((response) => nonceOf(response.headers()['content-security-policy']!));
    expect(new Set(nonces).size).toBe(2);
    for (const [i, response] of own.entries()) {
      const stamped = [...(await response.text()).matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
      expect(stamped.length).toBeGreaterThan(0);
      expect(new Set(stamped)).toEqual(new Set([nonces[i]]));
    }
  });

  test('API and static responses get the hardening headers and a policy that runs nothing', async ({ request }) => {
    for (const path of ['/api/does-not-exist', '/manifest.webmanifest', '/icon.svg']) {
      const headers = (await request.get(path)).headers();
      expect(headers['x-content-type-options'], path).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], path).toBe('same-origin');
    }
    const api = (await request.get('/api/does-not-exist')).headers();
    expect(api['content-security-policy']).toContain("default-src 'none'");
  });
});

test.describe('CSP in the browser', () => {
  test('a dialog’s scroll lock adds no <style> (a shared page has no nonce to give one), and it applies', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'CookieConsent', value: 'true', url: baseURL! }]);
    const violations = await watchCspViolations(page);
    await page.goto('/en/manage-cookies', { waitUntil: 'networkidle' });
    const styles = () => page.evaluate(() => document.querySelectorAll('style').length);
    const before = await styles();
    await page.getByRole('main').getByRole('button', { name: 'Change cookie preferences' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // Radix's scroll lock (react-remove-scroll-bar) would add one; the backdrop's lock is a class.
    expect(await styles()).toBe(before);
    await expect(page.locator('html')).toHaveClass(/scroll-locked/);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await violations()).toEqual([]);
  });

  // Every English route is loaded with the same watch in routes.spec.ts; here the other scripts'
  // pages and the dialog that loads only when asked for.
  test('no CSP violation on right-to-left and CJK pages, nor in the lazily loaded preference centre', async ({
    page,
  }) => {
    const violations = await watchCspViolations(page);
    for (const route of ['/ar', '/ja/help-centre']) {
      await page.goto(route, { waitUntil: 'networkidle' });
      expect(await violations(), route).toEqual([]);
    }
    // English (by /en/…'s redirect to the bare path), then the lazily loaded dialog.
    await page.goto('/en/privacy', { waitUntil: 'networkidle' });
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
