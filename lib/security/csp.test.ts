import { describe, expect, it } from 'vitest';
import { API_CSP, buildPageCsp, createNonce } from './csp';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));

describe('page CSP', () => {
  const prod = buildPageCsp('abc123', { development: false, upgradeInsecure: true });

  it('allows scripts only by nonce and strict-dynamic, never inline or eval', () => {
    const scriptSrc = directives(prod).get('script-src');
    expect(scriptSrc).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(prod).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  });

  it('allows <style> elements only by nonce and no style attributes in markup, never unsafe-inline', () => {
    const d = directives(prod);
    expect(d.get('style-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(d.get('style-src-elem')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(d.get('style-src-attr')).toEqual(["'none'"]);
    expect(prod).not.toContain('unsafe-inline');
  });

  it("adds the build's inlined stylesheets by hash to both style directives, nothing else", () => {
    const d = directives(
      buildPageCsp('abc123', { development: false, upgradeInsecure: true, styleHashes: ["'sha256-AAAA'"] }),
    );
    expect(d.get('style-src')).toEqual(["'self'", "'nonce-abc123'", "'sha256-AAAA'"]);
    expect(d.get('style-src-elem')).toEqual(["'self'", "'nonce-abc123'", "'sha256-AAAA'"]);
    expect(d.get('style-src-attr')).toEqual(["'none'"]);
  });

  it('locks down objects, base, forms and framing, from a default of none', () => {
    const d = directives(prod);
    expect(d.get('default-src')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.has('upgrade-insecure-requests')).toBe(true);
  });

  it('adds eval and websocket access only in development, and upgrades only when asked', () => {
    const dev = buildPageCsp('n', { development: true, upgradeInsecure: false });
    expect(directives(dev).get('script-src')).toContain("'unsafe-eval'");
    expect(directives(dev).get('connect-src')).toContain('ws:');
    expect(dev).not.toContain('upgrade-insecure-requests');
  });

  it('gives API responses a policy that runs nothing', () => {
    expect(API_CSP).toContain("default-src 'none'");
    expect(API_CSP).toContain("frame-ancestors 'none'");
  });
});

describe('createNonce', () => {
  it('is 128 random bits in base64, different every time', () => {
    const a = createNonce();
    const b = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(a).not.toBe(b);
  });
});
