/**
 * Content calls never throw into a page: they return data or a typed error state that
 * carries the original site's message for what failed.
 */
export type ContentKind = 'faqs' | 'terms' | 'posts' | 'post' | 'help';

const contentErrorMessages: Record<ContentKind, string> = {
  faqs: 'Failed to load FAQs',
  // The product spec really does reuse the FAQ message for the terms.
  terms: 'Failed to load FAQs',
  posts: 'Failed to load Post',
  post: 'Article not found',
  help: 'Failed to load help topics',
};

export type ContentFailure = {
  kind: ContentKind;
  message: string;
  /** unavailable: no usable answer (down, slow, garbage); not_found: the backend said 404. */
  reason: 'unavailable' | 'not_found';
};

export type ContentResult<T> = { ok: true; data: T } | { ok: false; error: ContentFailure };

export const success = <T>(data: T): ContentResult<T> => ({ ok: true, data });

export const failure = <T>(kind: ContentKind, reason: ContentFailure['reason'] = 'unavailable'): ContentResult<T> => ({
  ok: false,
  error: { kind, reason, message: contentErrorMessages[kind] },
});
