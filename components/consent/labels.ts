import 'server-only';
import { getTranslations } from 'next-intl/server';
import { site } from '@/lib/site';

/**
 * The consent UI's strings, translated on the server and handed to the client islands (which
 * import only the type: nothing here reaches the browser).
 */
export type ConsentLabels = {
  bannerLabel: string;
  bannerTitle: string;
  bannerText: string;
  policyLink: string;
  acceptAll: string;
  refuseAll: string;
  openPreferences: string;
  centerTitle: string;
  centerIntro: string;
  necessaryTitle: string;
  necessaryText: string;
  alwaysOn: string;
  advertisingTitle: string;
  advertisingText: string;
  marketingTitle: string;
  marketingText: string;
  analyticsTitle: string;
  analyticsText: string;
  iAcceptAll: string;
  save: string;
  close: string;
  saved: string;
};

const keys = [
  'bannerLabel',
  'bannerTitle',
  'bannerText',
  'policyLink',
  'acceptAll',
  'refuseAll',
  'openPreferences',
  'centerTitle',
  'centerIntro',
  'necessaryTitle',
  'necessaryText',
  'alwaysOn',
  'advertisingTitle',
  'advertisingText',
  'marketingTitle',
  'marketingText',
  'analyticsTitle',
  'analyticsText',
  'iAcceptAll',
  'save',
  'close',
  'saved',
] as const satisfies readonly (keyof ConsentLabels)[];

/** Translates every consent string on the server, so the client islands ship no catalogue. */
export async function getConsentLabels(): Promise<ConsentLabels> {
  const t = await getTranslations('consent');
  return Object.fromEntries(keys.map((key) => [key, t(key, { brand: site.brand })])) as ConsentLabels;
}
