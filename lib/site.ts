/**
 * Site configuration: the brand and the addresses SPEC.md leaves as `{brand}`,
 * `{email}` and "generic store addresses". Change the brand here and every page,
 * message and e-mail follows.
 */
export const site = {
  brand: 'Amora',
  supportEmail: 'support@amora.example',
  appStoreUrl: 'https://apps.apple.com/',
  playStoreUrl: 'https://play.google.com/store/apps',
  social: {
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    x: 'https://x.com/',
  },
  /** External help site that some community-guideline links point to (SPEC.md §2). */
  externalHelpUrl: 'https://www.esafety.gov.au/',
} as const;
