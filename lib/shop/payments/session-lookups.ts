import { createLru } from '@/lib/cache/lru';
import { processSingleton } from '@/lib/process-singleton';
import type { CheckoutState } from './payment';

// A session's answer is reused this long: a buyer's payment shows within seconds, and however
// many requests ask about one order, Stripe is asked at most once per window (docs/security.md, second review).
export const LOOKUP_FRESH_MS = 3_000;
// How long a call still under way is shared (the Stripe client gives up well before: 15 s, 2 retries).
const IN_FLIGHT_MS = 60_000;

// One per process, not per bundle: the page and the status route share it. An optimisation only:
// losing it costs a Stripe call, nothing else (web processes hold no state that matters).
const lookups = processSingleton('checkout-lookups', () =>
  createLru<Promise<CheckoutState>>({ maxEntries: 2_000, maxBytes: 2 * 1024 * 1024, sizeOf: () => 1_024 }),
);

/**
 * The provider's state of a checkout session, single-flight: concurrent asks share one call,
 * and its answer (or failure: hammering a failing Stripe helps no one) is kept LOOKUP_FRESH_MS.
 */
export function sharedLookup(
  sessionId: string,
  lookup: (sessionId: string) => Promise<CheckoutState>,
): Promise<CheckoutState> {
  const known = lookups.get(sessionId);
  if (known) return known;
  const call = lookup(sessionId);
  lookups.set(sessionId, call, IN_FLIGHT_MS);
  const settled = () => {
    if (lookups.get(sessionId) === call) lookups.set(sessionId, call, LOOKUP_FRESH_MS);
  };
  call.then(settled, settled);
  return call;
}
