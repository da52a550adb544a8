/**
 * Path checks the proxy makes before anything else. A path with a broken %-escape
 * ('/blog/%zz') cannot be decoded, and Next answers it with a 500 (vercel/next.js#94278);
 * the proxy answers 400 instead.
 */
export function isDecodable(path: string): boolean {
  try {
    // Next decodes a dynamic segment once more ('/blog/%25' → '%'), so both levels must hold.
    const once = decodeURIComponent(path);
    if (once.includes('%')) decodeURIComponent(once);
    return true;
  } catch {
    return false;
  }
}

/** API routes, Next's own assets and files: the proxy passes these through untouched. */
const NOT_A_PAGE =
  /^\/(api|_next|_vercel)(\/|$)|\.(json|xml|txt|webmanifest|ico|svg|png|jpe?g|webp|avif|gif|woff2?|css|js|map|pdf|epub)$/i;

export function isPagePath(path: string): boolean {
  return !NOT_A_PAGE.test(path);
}

export function malformedUrlResponse(): Response {
  return new Response('Bad request: the address contains a malformed %-escape.', {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * A path with every %-escape of a letter, digit, '-', '.', '_' or '~' written as that character
 * (RFC 3986 §6.2.2.2: they mean the same), so '/%6Cibrary' is '/library' for everything after.
 */
export function normalizeEscapes(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : escape.toUpperCase();
  });
}
