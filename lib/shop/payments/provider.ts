import 'server-only';
import type Stripe from 'stripe';
import { env } from '@/lib/env';
import { processSingleton } from '@/lib/process-singleton';
import type { HostedCheckout } from './payment';
import { stripeCheckout, stripeClient } from './stripe';

/** The payment provider this process was configured with (PAYMENT_PROVIDER). */
export type ShopProvider =
  { name: 'demo' } | { name: 'stripe'; stripe: Stripe; checkout: HostedCheckout; webhookSecret: string };

export function shopProvider(): ShopProvider {
  const { payments } = env();
  if (payments.provider === 'demo') return { name: 'demo' };
  // One client per process: it keeps its connections alive between requests.
  return processSingleton('stripe-provider', () => {
    const stripe = stripeClient(payments);
    return {
      name: 'stripe' as const,
      stripe,
      checkout: stripeCheckout(stripe, { promotionCodes: payments.promotionCodes }),
      webhookSecret: payments.webhookSecret,
    };
  });
}

/** Whether buyers pay on a hosted page (no card field on ours). */
export const isHostedCheckout = () => env().payments.provider !== 'demo';
