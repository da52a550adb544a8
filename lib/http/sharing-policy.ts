/**
 * Which answers a shared cache (nginx, a CDN, the front door's own store) may keep and give to
 * other visitors: docs/decisions/0018-shareable-documents.md. Two questions, asked by the front
 * door (lib/server/front-door.ts) and by nothing else:
 *
 * 1. Is the request one whose answer may be shared at all? Its target must be a public page or
 *    one of the public files below (SHARED_FILES), and no row of NEVER_SHARED may match it.
 * 2. Is the answer shareable? No row of NEVER_SHARED may match the response either; the rest
 *    (a 200, the route's own declaration, only known inline scripts) the front door checks.
 *
 * NEVER_SHARED is the one list of what is never shared (each such answer is `private, no-store`).
 * Paths are matched as the front door sees them after normalising (escaped letters written plainly,
 * dot segments resolved), case-insensitively, a segment's name up to its first character that
 * cannot be in a name (`/library;x.css`, `/Library/`): a path that merely looks like one of them is
 * kept private too, which costs nothing.
 */

export type RequestFacts = {
  method: string;
  pathname: string;
  searchParams: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
};

export type ResponseFacts = { status: number; setsCookie: boolean };

type Row =
  | { name: string; request: (request: RequestFacts) => boolean }
  | { name: string; response: (response: ResponseFacts) => boolean };

/** The segments of a path, lower-cased, each cut at its first character that is not a letter, digit or '-'. */
const segmentsOf = (pathname: string) =>
  pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => /^[a-z0-9-]*/.exec(segment.toLowerCase())![0]);

/** A page section (`library`, `success`) as the path's first or second segment (after a language prefix, or any other). */
const isSection = (pathname: string, section: string) => segmentsOf(pathname).slice(0, 2).includes(section);

const isApi = (pathname: string, name: string) => {
  const [api, route] = segmentsOf(pathname);
  return api === 'api' && route === name;
};

/**
 * Requests for Next's client navigations and prefetches (RSC payloads, not documents): Next
 * answers them from the same URLs as the pages, so a cache that kept one could hand it to a
 * visitor as the page (CVE-2026-44576), or the reverse.
 */
function isFlightRequest({ headers, searchParams }: Pick<RequestFacts, 'headers' | 'searchParams'>): boolean {
  return (
    headers.rsc !== undefined ||
    headers['next-url'] !== undefined ||
    Object.keys(headers).some((name) => name.startsWith('next-router-')) ||
    searchParams.has('_rsc') ||
    // Not a header Next 16 reads, but what an RSC request says it accepts: never taken for a document.
    String(headers.accept ?? '')
      .toLowerCase()
      .includes('text/x-component')
  );
}

export const NEVER_SHARED: readonly Row[] = [
  { name: 'the library (magic-link pages, Find my purchases)', request: (r) => isSection(r.pathname, 'library') },
  { name: 'the success page', request: (r) => isSection(r.pathname, 'success') },
  { name: 'a download', request: (r) => isApi(r.pathname, 'download') },
  { name: 'the order API', request: (r) => isApi(r.pathname, 'orders') },
  { name: 'a method other than GET and HEAD', request: (r) => r.method !== 'GET' && r.method !== 'HEAD' },
  { name: 'an RSC or prefetch request', request: (r) => isFlightRequest(r) },
  { name: 'a response that sets a cookie', response: (r) => r.setsCookie },
  { name: 'a server error', response: (r) => r.status >= 500 },
];

/** Why a request is never shared (its row's name), or undefined. */
export function neverSharedRequest(request: RequestFacts): string | undefined {
  return NEVER_SHARED.find((row) => 'request' in row && row.request(request))?.name;
}

/** Why a response is never shared (its row's name), or undefined. */
export function neverSharedResponse(response: ResponseFacts): string | undefined {
  return NEVER_SHARED.find((row) => 'response' in row && row.response(response))?.name;
}

/** The Cache-Control of everything NEVER_SHARED matches. */
export const NEVER_SHARED_CACHE = 'private, no-store';

/**
 * The public files a shared cache may keep (besides the pages): the feeds, robots.txt, the
 * sitemap and the public content API's GETs (README, "Content and the public API").
 */
const SHARED_FILES: readonly RegExp[] = [
  /^\/feed\.xml$/,
  /^\/[A-Za-z-]+\/feed\.xml$/,
  /^\/robots\.txt$/,
  /^\/sitemap\.xml$/,
  /^\/help\.json$/,
  /^\/api\/faqs$/,
  /^\/api\/terms-of-service$/,
  /^\/api\/posts$/,
  /^\/api\/posts\/[^/]+$/,
];

/** Whether `pathname` is one of the public files a shared cache may keep. */
export function isSharedFile(pathname: string): boolean {
  return SHARED_FILES.some((pattern) => pattern.test(pathname));
}

/**
 * Public files that say for themselves how long any cache may keep them: a long `max-age` and a
 * strong ETag, their bytes committed and the same for every visitor. The front door serves them as
 * their route answers: never private (no row of NEVER_SHARED matches them), never a page (no
 * language, no redirect) and not through the document store, which keeps rendered documents by
 * `s-maxage`; nginx stores them for as long as their Cache-Control says.
 */
const SELF_CACHED_FILES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'a free sample file (app/samples/[file])', pattern: /^\/samples\/[^/]+\.(?:pdf|epub)$/ },
];

/** Which self-cached public file `pathname` is (its row's name), or undefined. */
export function selfCachedFile(pathname: string): string | undefined {
  return SELF_CACHED_FILES.find(({ pattern }) => pattern.test(pathname))?.name;
}

/** The one Cache-Control of a shared answer: fresh in shared caches for `fresh` s, then served stale while one refresh runs, for `stale` s more. */
export function sharedCacheControl({ fresh, stale }: { fresh: number; stale: number }): string {
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}`;
}
