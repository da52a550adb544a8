import { env } from '@/lib/env';
import { isCrossSite, jsonError } from '@/lib/security/json-request';
import { localizePath } from '@/lib/i18n/paths';
import { defaultLocale, isLocale } from '@/lib/i18n/locales';
import { LAUNCH_EDITION, findEdition } from '@/lib/shop/catalogue';

/**
 * Where the purchase form goes when the page's script has not run (turned off, or not loaded yet
 * on a slow phone): a POST, so what was typed (a card number in the demo shop) never ends up in
 * an address, a log or the browser's history, as a form's default GET would put it. The body is
 * never read. Nothing is ordered: the buyer is sent back to the purchase page, which says why.
 */
export async function POST(request: Request) {
  if (isCrossSite(request, env().siteUrl))
    return jsonError(403, 'cross_site_request', 'Requests from other sites are not accepted.');
  await request.body?.cancel().catch(() => undefined);
  const url = new URL(request.url);
  const edition = findEdition(url.searchParams.get('edition') ?? '') ?? LAUNCH_EDITION;
  const locale = url.searchParams.get('locale');
  const page = localizePath(`/the-love-blueprint/${edition.id}`, isLocale(locale) ? locale : defaultLocale);
  return new Response(null, {
    status: 303,
    headers: { Location: `${page}?checkout=script-needed`, 'Cache-Control': 'no-store' },
  });
}
