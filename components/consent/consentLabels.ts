import 'server-only';
import { getTranslations } from 'next-intl/server';
import { site } from '@/lib/site';
import type { ConsentLabels } from './labels';

const keys = [
  'bannerLabel', 'bannerTitle', 'bannerText', 'policyLink', 'acceptAll', 'refuseAll', 'openPreferences',
  'centerTitle', 'centerIntro', 'necessaryTitle', 'necessaryText', 'alwaysOn', 'advertisingTitle',
  'advertisingText', 'marketingTitle', 'marketingText', 'analyticsTitle', 'analyticsText', 'iAcceptAll',
  'save', 'close', 'saved',
] as const satisfies readonly (keyof ConsentLabels)[];

/** Translates every consent string on the server, so the client islands ship no catalogue. */
export async function getConsentLabels(): Promise<ConsentLabels> {
  const t = await getTranslations('consent');
  return Object.fromEntries(keys.map((key) => [key, t(key, { brand: site.brand })])) as ConsentLabels;
}
