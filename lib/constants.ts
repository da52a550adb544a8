/** Business constants from SPEC.md §9 that more than one part of the site uses. */
export const MINIMUM_AGE = 18;
