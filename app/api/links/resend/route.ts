import { z } from 'zod';
import { env } from '@/lib/env';
import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/security/secret';
import { jsonError, readJsonBody } from '@/lib/security/json-request';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { findOrder, queueMagicLink } from '@/lib/shop/orders';
import { verifyToken } from '@/lib/shop/tokens';
import { deliverMailNow, startMailWorker } from '@/lib/shop/service';

const perOrder = createRateLimiter({ limit: 3, windowMs: 60 * 60 * 1000 });
const bodySchema = z.object({ token: z.string().min(1).max(512) });

/**
 * POST /api/links/resend { token }: emails a fresh magic link to the address on the order
 * the (validly signed, possibly expired) token names. Never to any other address; at most
 * three times an hour per order.
 */
export async function POST(request: Request) {
  const body = await readJsonBody(request, { siteUrl: env().siteUrl, maxBytes: 1024 });
  if (!body.ok) return body.response;
  const parsed = bodySchema.safeParse(body.body);
  if (!parsed.success) return jsonError(422, 'invalid_request', 'A link token is required.');
  const check = verifyToken(parsed.data.token, appSecret());
  if (!check.ok && check.reason !== 'expired') return jsonError(403, 'invalid_link', 'This link is not valid.');
  const rate = perOrder.check(check.orderId);
  if (!rate.ok) {
    return jsonError(429, 'rate_limited', 'We have already sent several new links. Please check your inbox, or try again later.', {
      headers: { 'Retry-After': String(rate.retryAfterSeconds) },
    });
  }
  try {
    const db = await getDb();
    if (!(await findOrder(db, check.orderId))) return jsonError(404, 'not_found', 'There is no such order.');
    await queueMagicLink(db, check.orderId);
  } catch {
    return jsonError(503, 'unavailable', 'We could not send a new link just now. Please try again in a moment.');
  }
  startMailWorker();
  void deliverMailNow();
  return Response.json({ ok: true }, { status: 202, headers: { 'Cache-Control': 'no-store' } });
}
