import type { Queryable } from '@/lib/db/client';
import { giveBackClaim, settleClaim, type Claim } from './download-claims';
import { logger } from '@/lib/log/logger';
import { metrics } from '@/lib/metrics/registry';
import { trackWork } from '@/lib/health/shutdown-state';

// Small slices, so how far a response got is known to within one: each is pulled when the response can take it.
const SLICE = 16 * 1024;

/** A download's end (amora_downloads_total), by its format: counted against the link's limit, or given back. */
const countDownload = (claim: Claim, outcome: 'counted' | 'given_back') =>
  metrics()?.downloads.inc({ format: claim.format === 'epub' ? 'epub' : 'pdf', outcome });

/**
 * A counted copy on its way out: its body hands the copy (or its `part`) to the response in
 * slices, keeping the furthest byte handed over; `ended` stops its claim's lease renewals
 * (`stopRenewing`, download-claims.ts keepClaimAlive) and decides what the response's end means for the count
 * (docs/decisions/0017-download-claims.md):
 * - finished (its last byte handed to the kernel): the claim is settled;
 * - cut past the middle of the copy: it counts too, since the client holds most of the copy
 *   (its resume costs nothing);
 * - cut before: a claim this request made is given back; one it found is left to the response
 *   that made it, or to its lease.
 * From the moment it is made until its claim is settled or given back, it is work a shutdown
 * waits for (lib/health/shutdown-state.ts): a server stopping mid-download sends the copy to its
 * end and settles its claim before it exits.
 */
export function sendCopy(
  db: Queryable,
  copy: { bytes: Uint8Array; part?: { start: number; end: number }; claim: Claim; stopRenewing: () => void },
): { body: ReadableStream<Uint8Array>; ended(finished: boolean): Promise<void> } {
  const { bytes, claim } = copy;
  const end = (copy.part?.end ?? bytes.length - 1) + 1;
  let reached = copy.part?.start ?? 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const next = Math.min(reached + SLICE, end);
        controller.enqueue(bytes.slice(reached, next));
        reached = next;
        if (reached >= end) controller.close();
      },
    },
    // Nothing is read ahead of the response: `reached` is what the response took.
    { highWaterMark: 0 },
  );
  let over = false;
  let delivered = () => undefined as void;
  void trackWork('download', new Promise<void>((resolve) => (delivered = resolve)));
  return {
    body,
    async ended(finished) {
      if (over) return;
      over = true;
      copy.stopRenewing();
      try {
        if (claim.settled) return;
        if (finished || reached > bytes.length / 2) {
          await settleClaim(db, claim);
          countDownload(claim, 'counted');
        } else if (claim.fresh) {
          await giveBackClaim(db, claim);
          countDownload(claim, 'given_back');
        }
      } catch (error) {
        // The claim stays pending: its lease gives it back.
        logger().error({ err: error }, 'A download claim could not be settled or given back');
      } finally {
        delivered();
      }
    },
  };
}
