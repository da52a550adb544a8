import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '@/lib/process-singleton';

/**
 * What a route declares about the document it answers with. The front door
 * (lib/server/front-door.ts) runs every request inside a scope, and turns the route's
 * declaration into response headers and the page cache's decision. Deciding from the route
 * itself, not from the spelling of its path, keeps `/%6Cibrary/…` as private as `/library/…`.
 */
export type DocumentPolicy = {
  /** One visitor's own data (a magic-link page): never stored, never sent as a referrer. */
  personal: boolean;
  /** Whether other visitors may be given this render (false for a content error state, say). */
  shareable: boolean;
  /** The page says what the visitor asked for does not exist: answered with status 404. */
  notFound?: boolean;
  /**
   * Rendered for the front door's store, for every visitor of its key (lib/server/shared-documents.ts):
   * its content is fetched anew, so a shared document is never older than its own render.
   */
  shared?: boolean;
};

// One store per process: Next gives pages their own copy of this module, separate from the front door's.
const scope = processSingleton('document-policy', () => new AsyncLocalStorage<DocumentPolicy>());

export function withDocumentPolicy<T>(policy: DocumentPolicy, run: () => T): T {
  return scope.run(policy, run);
}

/**
 * Whether this render is a shared document's (DocumentPolicy.shared): the content client then
 * asks the backend again instead of taking an answer it keeps (lib/content/index.ts), so a change
 * there reaches visitors within s-maxage + stale-while-revalidate (docs/decisions/0018-shareable-documents.md).
 */
export function isSharedRender(): boolean {
  return scope.getStore()?.shared === true;
}

/** Called by a page that shows one visitor's own data. */
export function declarePersonalDocument(): void {
  const policy = scope.getStore();
  if (policy) policy.personal = true;
}

/**
 * Called by a part of a page that shows a passing state (a content backend that did not
 * answer): this render is this visitor's, and the next visitor gets a fresh one.
 */
export function declareUnshareable(): void {
  const policy = scope.getStore();
  if (policy) policy.shareable = false;
}

/**
 * Called by a page that renders its own "not found" state in place (an unknown article, topic or
 * path): the front door answers 404, with the page whole in the first HTML. Next's notFound()
 * would answer 404 with an empty shell filled in only by script (vercel/next.js#62228).
 */
export function declareNotFound(): void {
  const policy = scope.getStore();
  if (policy) {
    policy.notFound = true;
    policy.shareable = false;
  }
}

/** The headers a document carries for its policy. */
export function documentCacheHeaders(policy: DocumentPolicy): Record<string, string> {
  return policy.personal
    ? { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' }
    : // Not no-store: the browser may keep it for back/forward navigation, and revalidates otherwise.
      { 'Cache-Control': 'private, no-cache' };
}
