/**
 * Content-Security-Policy for pages, in one of two forms:
 *
 * - a document rendered for one visitor (buildPageCsp): built around a fresh nonce (Next 16's
 *   nonce recipe: the front door puts the policy on the request, Next stamps the nonce on its own
 *   scripts), with 'strict-dynamic' so those scripts load the app's chunks;
 * - a shared document (buildSharedPageCsp, docs/decisions/0018-shareable-documents.md): no nonce
 *   (it would be the same for every visitor), `'self'` for the build's chunks and the SHA-256 hash
 *   of each inline script of a known form (lib/security/script-hashes.ts), and no
 *   'strict-dynamic' (with it, 'self' is ignored).
 *
 * Either way nothing inline runs unless allowed by name, and no script may use eval.
 */
export function buildPageCsp(
  nonce: string,
  options: { development: boolean; upgradeInsecure: boolean; styleHashes?: readonly string[] },
): string {
  const scriptSrc = ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"];
  // React's development build needs eval for its debugging aids; production never gets it.
  if (options.development) scriptSrc.push("'unsafe-eval'");
  return pagePolicy(scriptSrc, ["'self'", `'nonce-${nonce}'`, ...(options.styleHashes ?? [])], options);
}

/** The policy of a shared document: its inline scripts and styles allowed by hash only. */
export function buildSharedPageCsp(options: {
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
  upgradeInsecure: boolean;
}): string {
  return pagePolicy(["'self'", ...options.scriptHashes], ["'self'", ...options.styleHashes], {
    development: false,
    upgradeInsecure: options.upgradeInsecure,
  });
}

function pagePolicy(
  scriptSrc: readonly string[],
  styleSources: readonly string[],
  options: { development: boolean; upgradeInsecure: boolean },
): string {
  const directives: string[] = [
    "default-src 'none'",
    `script-src ${scriptSrc.join(' ')}`,
    // Stylesheets from our origin, and <style> elements only with the nonce (Next stamps its own) or
    // by hash: the build's own inlined stylesheets (lib/security/style-hashes.ts). Scripts add no
    // <style> (the dialogs' scroll lock is a class: components/ui/DialogBackdrop.tsx). The server
    // HTML has no style attributes; styles set from scripts (element.style) are not governed by CSP.
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
