/** Public content answers: cacheable for a minute, then served stale while refreshing. */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** The public content API's envelope (README, "Content and the public API"): `{ "data": … }`. */
export function dataResponse(data: unknown, init: { cache?: string } = {}): Response {
  return Response.json({ data }, { headers: { 'Cache-Control': init.cache ?? PUBLIC_CACHE } });
}
