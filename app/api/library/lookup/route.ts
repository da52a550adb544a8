import { env } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { clientAddress } from '@/lib/http/client-address';
import { readLimited } from '@/lib/http/read-limited';
import { isCrossSite, jsonError, jsonHeadersRefusal, readJsonBody } from '@/lib/security/json-request';
import { clientBucket, consume, rateLimitedResponse } from '@/lib/security/rate-limit';
import { localizePath } from '@/lib/i18n/paths';
import { defaultLocale, isLocale } from '@/lib/i18n/locales';
import { lookupRequestSchema as lookupSchema } from '@/lib/shop/checkout/purchase-schema';
import { requestPurchaseLookup } from '@/lib/shop/delivery/purchase-lookup';
import { startMailWorker } from '@/lib/shop/delivery/mail-worker';

const ANSWER = {
  ok: true,
  message: 'If this address has purchases, an email with a link to each of them is on its way.',
};
const MAX_BODY_BYTES = 1024;

/**
 * POST /api/library/lookup { email }: "Find my purchases". Always 202 with the same body,
 * whether or not the address has orders. The handler only records that the address asked, the
 * same work for every address; the mail worker looks it up and sends the email later (work done
 * after the answer held PGlite's one connection longer for buyers: docs/security.md, second
 * review, "Find my purchases" timing). Limits: LINK_LIMIT_PER_MINUTE per client (429), EMAIL_LIMIT_PER_HOUR lookup emails per address
 * (silently, by the worker: past it nothing is sent, and the answer is the same).
 * The /library page posts it as a plain HTML form (no JavaScript needed): that gets a 303 back
 * to the page, with the outcome in the query.
 */
export async function POST(request: Request) {
  const { limits, siteUrl } = env();
  const isForm =
    request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
  // The page's language comes with the form's address (its body is read only past the limit).
  const queryLocale = new URL(request.url).searchParams.get('locale') ?? undefined;
  const back = (outcome: string, locale = queryLocale) =>
    new Response(null, {
      status: 303,
      headers: {
        Location: `${localizePath('/library', isLocale(locale) ? locale : defaultLocale)}?${outcome}`,
        'Cache-Control': 'no-store',
      },
    });
  const refusal = isForm
    ? formHeadersRefusal(request, siteUrl)
    : jsonHeadersRefusal(request, { siteUrl, maxBytes: MAX_BODY_BYTES });
  if (refusal) return refusal;

  // The client's limit before its body: past it the body is never waited for, so one trickled in
  // slowly holds nothing here (docs/security.md, third review, finding 1).
  let db;
  try {
    db = await getDb();
    const perClient = await consume(db, {
      bucket: clientBucket('lookup', clientAddress(request)),
      limit: limits.linkRequestsPerMinute,
      windowSeconds: 60,
    });
    if (!perClient.ok)
      return isForm
        ? back('error=limited')
        : rateLimitedResponse(perClient, 'Too many requests from this address. Please wait a moment and try again.');
  } catch {
    return unavailable();
  }

  const input = isForm ? await readForm(request) : await readJson(request, siteUrl);
  if (input instanceof Response) return input;
  const parsed = lookupSchema.safeParse(input);
  const locale = isLocale(queryLocale) ? queryLocale : parsed.data?.locale;
  if (!parsed.success)
    return isForm
      ? back('error=invalid', locale)
      : jsonError(422, 'invalid_email', 'Please enter a valid email address.', { fields: { email: 'emailInvalid' } });
  try {
    await requestPurchaseLookup(db, parsed.data.email);
  } catch {
    return unavailable();
  }
  startMailWorker();
  return isForm
    ? back('sent=1', locale)
    : Response.json(ANSWER, { status: 202, headers: { 'Cache-Control': 'no-store' } });
}

const unavailable = () =>
  jsonError(503, 'unavailable', 'We could not look up purchases just now. Please try again in a moment.', {
    headers: { 'Retry-After': '5' },
  });

async function readJson(request: Request, siteUrl: string): Promise<unknown> {
  const body = await readJsonBody(request, { siteUrl, maxBytes: MAX_BODY_BYTES });
  return body.ok ? body.body : body.response;
}

/** A form post from the /library page: same-site only (checked before the limit), … */
function formHeadersRefusal(request: Request, siteUrl: string): Response | null {
  return isCrossSite(request, siteUrl)
    ? jsonError(403, 'cross_site_request', 'Requests from other sites are not accepted.')
    : null;
}

/** … small, and decoded as the browser encoded it. */
async function readForm(request: Request): Promise<unknown> {
  const bytes = await readLimited(request.body, MAX_BODY_BYTES).catch(() => null);
  if (!bytes) return jsonError(413, 'payload_too_large', `The request body must be at most ${MAX_BODY_BYTES} bytes.`);
  return Object.fromEntries(new URLSearchParams(Buffer.from(bytes).toString('utf8')));
}
