import { getDb } from '@/lib/db/client';
import { clientAddress } from '@/lib/http/client-address';
import { jsonError } from '@/lib/security/json-request';
import { consume, rateLimitedResponse } from '@/lib/security/rate-limit';
import { orderStatusOf, statusLimit } from '@/lib/shop/checkout/confirmation';

/**
 * GET /api/orders/{id}/status: `{ orderId, status }` for the success page. A pending order is
 * confirmed with the provider on the way (a lost webhook never strands a buyer), at most once
 * every few seconds per order (lib/shop/payments/session-lookups.ts). Order ids are random UUIDs and
 * the answer carries nothing but the status.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let db;
  try {
    db = await getDb();
    // The same bucket as /success?order= (lib/shop/checkout/confirmation.ts); this poll is counted here.
    const limit = await consume(db, statusLimit(clientAddress(request)));
    if (!limit.ok) return rateLimitedResponse(limit, 'Too many requests. Please wait a moment.');
  } catch {
    return jsonError(503, 'unavailable', 'The order status is not available just now. Please try again in a moment.', {
      headers: { 'Retry-After': '5' },
    });
  }
  const order = await orderStatusOf(db, id);
  if (!order) return jsonError(404, 'not_found', 'There is no order with this id.');
  return Response.json({ orderId: id, status: order.status }, { headers: { 'Cache-Control': 'no-store' } });
}
