import { env } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { clientAddress } from '@/lib/http/client-address';
import { readLimited } from '@/lib/http/read-limited';
import { defaultLocale, isLocale } from '@/lib/i18n/locales';
import { localizePath } from '@/lib/i18n/paths';
import { isCrossSite, jsonError, jsonHeadersRefusal, readJsonBody } from '@/lib/security/json-request';
import { clientBucket, consume, rateLimitedResponse } from '@/lib/security/rate-limit';
import { appSecret } from '@/lib/security/secret';
import { logError } from '@/lib/security/log-error';
import { parseKindleForm } from '@/lib/shop/delivery/kindle-address';
import { requestKindleCopy } from '@/lib/shop/delivery/kindle';
import { deliverMailNow, startMailWorker } from '@/lib/shop/delivery/mail-worker';
import { libraryPath } from '@/lib/shop/delivery/tokens';

type Params = { params: Promise<{ token: string }> };

// An address (254 characters), percent-encoded by a form: a kilobyte is plenty; more is never read.
const MAX_BODY_BYTES = 1024;
const PRIVATE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

/**
 * POST /api/kindle/{token} { kindle }: "Send to Kindle" from the library page. The buyer's stamped
 * EPUB goes to their Send to Kindle address (only Amazon's domains: lib/shop/delivery/kindle-address.ts)
 * through the mail queue, and counts as one of the order's downloads (lib/shop/delivery/kindle.ts).
 * The token is in the path, as a download's is. Limits: LINK_LIMIT_PER_MINUTE per client, counted
 * before the body is read; KINDLE_LIMIT_PER_HOUR per Kindle address (429). A script gets JSON: 202,
 * or a download's answer for the same link (403, 404, 410), 422 for the address, 429. The library
 * page posts it as a plain HTML form (no JavaScript needed): that gets a 303 back to the library
 * page with the outcome in its query (`?kindle=sent`, or the message key of what went wrong).
 */
export async function POST(request: Request, { params }: Params) {
  const { limits, siteUrl } = env();
  const { token } = await params;
  const isForm =
    request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
  const queryLocale = new URL(request.url).searchParams.get('locale');
  const locale = isLocale(queryLocale) ? queryLocale : defaultLocale;
  // Back to the page the form is on; the token only ever as one encoded path segment of this site.
  const back = (outcome?: string) =>
    new Response(null, {
      status: 303,
      headers: {
        Location: `${localizePath(libraryPath(encodeURIComponent(token)), locale)}${outcome ? `?kindle=${outcome}#kindle` : ''}`,
        ...PRIVATE,
      },
    });
  const refusal = isForm
    ? isCrossSite(request, siteUrl)
      ? jsonError(403, 'cross_site_request', 'Requests from other sites are not accepted.', { headers: PRIVATE })
      : null
    : jsonHeadersRefusal(request, { siteUrl, maxBytes: MAX_BODY_BYTES });
  if (refusal) return refusal;
  const unavailable = () =>
    isForm
      ? back('unavailable')
      : jsonError(503, 'unavailable', 'We could not send your copy just now. Please try again in a moment.', {
          headers: { ...PRIVATE, 'Retry-After': '5' },
        });

  // The client's limit before its body: past it the body is never waited for (docs/security.md, third review, finding 1).
  let db;
  try {
    db = await getDb();
    const perClient = await consume(db, {
      bucket: clientBucket('kindle', clientAddress(request)),
      limit: limits.linkRequestsPerMinute,
      windowSeconds: 60,
    });
    if (!perClient.ok)
      return isForm
        ? back('limited')
        : rateLimitedResponse(perClient, 'Too many requests from this address. Please wait a moment and try again.');
  } catch (error) {
    logError('Send to Kindle could not be limited', error);
    return unavailable();
  }

  const input = isForm ? await readForm(request) : await readJson(request, siteUrl);
  if (input instanceof Response) return input;
  const form = parseKindleForm(input);
  if (!form.ok)
    return isForm
      ? back(form.error)
      : jsonError(422, 'invalid_kindle_address', 'Please enter a Send to Kindle address (name@kindle.com).', {
          fields: { kindle: form.error },
          headers: PRIVATE,
        });
  let answer;
  try {
    answer = await requestKindleCopy(db, {
      token,
      kindle: form.kindle,
      secret: appSecret(),
      clientAddress: clientAddress(request),
      perHour: limits.kindlePerHour,
    });
  } catch (error) {
    logError('Send to Kindle failed', error);
    return unavailable();
  }
  if (answer.ok) {
    startMailWorker();
    void deliverMailNow();
    return isForm
      ? back('sent')
      : Response.json(
          { ok: true, message: 'Your copy is on its way to your Kindle.' },
          { status: 202, headers: PRIVATE },
        );
  }
  if (isForm) {
    // An expired, revoked or forged link: its library page says so (or sends the visitor to Broken Link).
    const outcome = { rate_limited: 'limited', downloads_exhausted: 'exhausted', too_large_for_kindle: 'tooLarge' }[
      answer.error
    ];
    return back(outcome);
  }
  if (answer.status === 429)
    return rateLimitedResponse({ retryAfterSeconds: answer.retryAfterSeconds ?? 60 }, answer.message);
  return jsonError(answer.status, answer.error, answer.message, { headers: PRIVATE });
}

async function readJson(request: Request, siteUrl: string): Promise<unknown> {
  const body = await readJsonBody(request, { siteUrl, maxBytes: MAX_BODY_BYTES });
  return body.ok ? body.body : body.response;
}

/** The library page's form: small, and decoded as the browser encoded it. */
async function readForm(request: Request): Promise<unknown> {
  const bytes = await readLimited(request.body, MAX_BODY_BYTES).catch(() => null);
  if (!bytes)
    return jsonError(413, 'payload_too_large', `The request body must be at most ${MAX_BODY_BYTES} bytes.`, {
      headers: PRIVATE,
    });
  return Object.fromEntries(new URLSearchParams(Buffer.from(bytes).toString('utf8')));
}
