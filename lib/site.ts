/**
 * Site configuration: the brand and the addresses the content writes as `{brand}` and
 * `{email}`, and generic store and social addresses. Change the brand here and every page,
 * message and e-mail follows.
 */
export const site = {
  brand: 'Amora',
  supportEmail: 'support@amora.example',
  /**
   * The public origin printed in files built once and committed (a sample's link to its edition's
   * page, lib/shop/book/sample/): SITE_URL is the running server's, unknown when `npm run books` runs.
   */
  publicUrl: 'https://amora.example',
  appStoreUrl: 'https://apps.apple.com/',
  playStoreUrl: 'https://play.google.com/store/apps',
  social: {
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    x: 'https://x.com/',
  },
  /** External help site that some community-guideline links point to (content/documents). */
  externalHelpUrl: 'https://www.esafety.gov.au/',
} as const;
