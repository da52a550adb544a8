import 'server-only';
import type { Db } from '@/lib/db/client';
import { findOrder, type Order } from './orders';
import type { OrderStatus } from './order-state';
import { fulfil } from './payment-events';
import { shopProvider } from './provider';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An order's status as the buyer returning from checkout should see it: a pending hosted
 * checkout is confirmed with the provider first. If the provider cannot be reached, the
 * stored status stands (still pending), and the next poll asks again.
 */
export async function orderStatusOf(db: Db, orderId: string): Promise<{ status: OrderStatus; edition: string; revoked: boolean } | undefined> {
  if (!ORDER_ID.test(orderId)) return undefined;
  const provider = shopProvider();
  let order: Order | undefined;
  try {
    order = provider.name === 'demo' ? await findOrder(db, orderId) : await fulfil(db, orderId, (sessionId) => provider.checkout.lookup(sessionId));
  } catch (error) {
    console.error(`Order ${orderId}: could not confirm with the payment provider`, error);
    order = await findOrder(db, orderId);
  }
  return order && { status: order.status, edition: order.edition, revoked: order.revoked_at !== null };
}
