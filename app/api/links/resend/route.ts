import { z } from 'zod';
import { env } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/security/secret';
import { jsonError, jsonHeadersRefusal, readJsonBody } from '@/lib/security/json-request';
import { clientAddress } from '@/lib/http/client-address';
import { clientBucket, consume, rateLimitedResponse, recipientBucket } from '@/lib/security/rate-limit';
import { findOrder, hasLiveLinks } from '@/lib/shop/orders/orders';
import { queueMagicLink } from '@/lib/shop/delivery/mail-queue';
import { verifyToken } from '@/lib/shop/delivery/tokens';
import { deliverMailNow, startMailWorker } from '@/lib/shop/delivery/mail-worker';

const bodySchema = z.object({ token: z.string().min(1).max(512) });
const MAX_BODY_BYTES = 1024;
const unavailable = () =>
  jsonError(503, 'unavailable', 'We could not send a new link just now. Please try again in a moment.');

/**
 * POST /api/links/resend { token }: emails a fresh magic link to the address on the order
 * the (validly signed, possibly expired) token names. Never to any other address; limited
 * per client address (counted before the body is read) and per recipient (EMAIL_LIMIT_PER_HOUR
 * fresh links an hour).
 */
export async function POST(request: Request) {
  const { limits, siteUrl } = env();
  const refusal = jsonHeadersRefusal(request, { siteUrl, maxBytes: MAX_BODY_BYTES });
  if (refusal) return refusal;
  // The client's limit before its body: past it the body is never waited for, so one trickled in
  // slowly holds nothing here (docs/security.md, third review, finding 1).
  let db;
  try {
    db = await getDb();
    const perClient = await consume(db, {
      bucket: clientBucket('resend', clientAddress(request)),
      limit: limits.linkRequestsPerMinute,
      windowSeconds: 60,
    });
    if (!perClient.ok)
      return rateLimitedResponse(perClient, 'Too many requests from this address. Please wait a moment and try again.');
  } catch {
    return unavailable();
  }
  const body = await readJsonBody(request, { siteUrl, maxBytes: MAX_BODY_BYTES });
  if (!body.ok) return body.response;
  const parsed = bodySchema.safeParse(body.body);
  if (!parsed.success) return jsonError(422, 'invalid_request', 'A link token is required.');
  const check = verifyToken(parsed.data.token, appSecret());
  if (!check.ok && check.reason !== 'expired') return jsonError(403, 'invalid_link', 'This link is not valid.');
  try {
    const order = await findOrder(db, check.orderId);
    if (!order || !hasLiveLinks(order)) return jsonError(404, 'not_found', 'There is no such order.');
    const perRecipient = await consume(db, {
      bucket: recipientBucket('resend', order.email),
      limit: limits.emailsPerHour,
      windowSeconds: 3600,
    });
    if (!perRecipient.ok)
      return rateLimitedResponse(
        perRecipient,
        'We have already sent several new links. Please check your inbox, or try again later.',
      );
    await queueMagicLink(db, order.id);
  } catch {
    return unavailable();
  }
  startMailWorker();
  void deliverMailNow();
  return Response.json({ ok: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
}
