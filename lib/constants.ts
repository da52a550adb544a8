/** The product's business constants that more than one part of the site uses. */
export const MINIMUM_AGE = 18;
