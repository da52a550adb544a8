import 'server-only';
import type { Db } from '@/lib/db/client';
import { env } from '@/lib/env';
import { clientBucket, consume, type Limit } from '@/lib/security/rate-limit';
import { sharedLookup } from '../payments/session-lookups';
import { findOrder, type Order } from '../orders/orders';
import type { OrderStatus } from '../orders/state';
import { fulfil } from '../payments/events';
import { shopProvider } from '../payments/provider';
import { logger } from '@/lib/log/logger';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * One client's budget of status checks (STATUS_LIMIT_PER_MINUTE, 120 by default: the success page
 * polls about once a second while a payment is confirmed), in the database: the status route and
 * /success count in it.
 */
export const statusLimit = (address: string): Limit => ({
  bucket: clientBucket('order-status', address),
  limit: env().limits.statusChecksPerMinute,
  windowSeconds: 60,
});

export type OrderStatusView = { status: OrderStatus; edition: string; revoked: boolean };

/**
 * An order's status as the buyer returning from checkout should see it: a pending hosted
 * checkout is confirmed with the provider first. If the provider cannot be reached, the
 * stored status stands (still pending), and the next poll asks again.
 * `client`: the address asking, when its request was not counted yet; past its limit the
 * stored status is the answer and the provider is not asked (docs/security.md, second review).
 */
export async function orderStatusOf(
  db: Db,
  orderId: string,
  { client }: { client?: string } = {},
): Promise<OrderStatusView | undefined> {
  if (!ORDER_ID.test(orderId)) return undefined;
  const provider = shopProvider();
  let order: Order | undefined;
  try {
    if (provider.name === 'demo') order = await findOrder(db, orderId);
    else {
      const lookup = (sessionId: string) => sharedLookup(sessionId, (id) => provider.checkout.lookup(id));
      // Counted only when the provider would be asked: a settled order costs no Stripe call.
      const admit = async () => client === undefined || (await consume(db, statusLimit(client))).ok;
      order = await fulfil(db, orderId, lookup, admit);
    }
  } catch (error) {
    logger().error({ err: error, orderId }, 'Order could not be confirmed with the payment provider');
    order = await findOrder(db, orderId);
  }
  return order && { status: order.status, edition: order.edition, revoked: order.revoked_at !== null };
}
