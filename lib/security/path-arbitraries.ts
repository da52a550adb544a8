import fc from 'fast-check';

/** The origin the redirect and proxy property tests resolve locations against. */
export const SITE = 'https://amora.example';

/** The pieces attacks on a path are made of: slashes, backslashes and their escapes, whitespace a browser drops, hosts. */
const pathPiece = fc.constantFrom(
  '/',
  '//',
  '\\',
  '/\\',
  '%2F',
  '%2f',
  '%5C',
  '%5c',
  '\t',
  '\n',
  '\r',
  ' ',
  '%09',
  '@',
  '.',
  '..',
  ':',
  'https:',
  'evil.example',
  '.evil.example',
  'user@evil.example:443',
  'en',
  'fr',
  'blog',
);

/** A path's rest: up to eight pieces or short random strings, joined. */
export const pathTail = fc
  .array(fc.oneof(pathPiece, fc.string({ maxLength: 3 })), { maxLength: 8 })
  .map((parts) => parts.join(''));
