/**
 * Attribute on every content error state (SPEC.md §8 messages). The page cache never keeps
 * a document that has one, so a recovered backend shows on the next visit.
 */
export const CONTENT_ERROR_ATTRIBUTE = 'data-content-error';

export const contentErrorProps = { [CONTENT_ERROR_ATTRIBUTE]: '' } as const;
