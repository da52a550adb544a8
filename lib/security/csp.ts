/**
 * Content-Security-Policy for pages, built per request around a fresh nonce (Next 16's
 * nonce recipe: the front door puts the policy on the request, Next stamps the nonce on its
 * own scripts). 'strict-dynamic' lets those scripts load the app's chunks; nothing
 * inline runs without the nonce, and no script may use eval.
 */
export function buildPageCsp(
  nonce: string,
  options: { development: boolean; upgradeInsecure: boolean; styleHashes?: readonly string[] },
): string {
  const scriptSrc = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"];
  // React's development build needs eval for its debugging aids; production never gets it.
  if (options.development) scriptSrc.push("'unsafe-eval'");
  const styleSources = ["'self'", `'nonce-${nonce}'`, ...(options.styleHashes ?? [])];
  const directives: string[] = [
    "default-src 'none'",
    `script-src ${scriptSrc.join(' ')}`,
    // Stylesheets from our origin, and <style> elements only with the nonce (Next stamps its own;
    // Radix's scroll lock takes it from get-nonce, through `__webpack_nonce__`: lib/security/style-nonce.ts). The server HTML has
    // no style attributes; styles set from scripts (element.style) are not governed by CSP.
    // The build's own inlined stylesheets are allowed by hash (lib/security/style-hashes.ts).
    `style-src ${styleSources.join(' ')}`,
    `style-src-elem ${styleSources.join(' ')}`,
    "style-src-attr 'none'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${options.development ? ' ws: wss:' : ''}`,
    "manifest-src 'self'",
    "media-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "frame-src 'none'",
  ];
  if (options.upgradeInsecure) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Route handlers answer JSON or files, never documents that run code. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** 128 bits from the platform's CSPRNG, base64-encoded as CSP nonces expect. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
