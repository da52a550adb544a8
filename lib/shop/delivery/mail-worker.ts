import 'server-only';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail/transport';
import { appSecret } from '@/lib/security/secret';
import { processSingleton } from '@/lib/process-singleton';
import { deliverPendingMail } from './deliver-mail';
import { answerLookupRequests } from './purchase-lookup';
import { sweepRateLimits } from '@/lib/security/rate-limit';
import { sweepExpiredClaims } from './download-claims';
import { serialRunner } from '@/lib/async/serial-runner';
import { logger } from '@/lib/log/logger';
import { onShutdown, trackWork } from '@/lib/health/shutdown-state';

// The retry loop's period: 15 s, or half of a shorter MAIL_RETRY_SECONDS, so a due email waits
// at most half its delay again.
const retryIntervalMs = () => Math.min(15_000, env().mailRetrySeconds * 500);
// "Find my purchases" requests wait for this tick, not for the request (purchase-lookup.ts): seconds, not 15.
const LOOKUP_INTERVAL_MS = 2_000;
// Download claims whose process died are given back within half a lease of running out, at most 15 s late.
const claimSweepIntervalMs = () => Math.min(15_000, env().downloadClaimSeconds * 500);

/**
 * One pass over the queue; never throws (a failure stays queued). Once the worker is stopping, no
 * pass begins, and one under way sends the message it is sending and gives the rest back.
 */
async function deliverPending(): Promise<unknown> {
  if (mail.stopping) return undefined;
  try {
    return await deliverPendingMail(await getDb(), {
      siteUrl: env().siteUrl,
      secret: appSecret(),
      send: sendMail,
      firstRetrySeconds: env().mailRetrySeconds,
      seller: env().seller,
      stopping: () => mail.stopping,
    });
  } catch (error) {
    logger().error({ err: error }, 'Mail delivery failed; it will be retried');
    return undefined;
  }
}

/** Answers pending "find my purchases" requests and sends what they queued; never throws. */
async function answerLookups(): Promise<void> {
  try {
    if ((await answerLookupRequests(await getDb(), { emailsPerHour: env().limits.emailsPerHour })) > 0)
      await deliverMailNow();
  } catch (error) {
    logger().error({ err: error }, 'Find-my-purchases requests could not be answered; they stay pending');
  }
}

// One retry loop and one delivery at a time per process, whichever bundle asks (lib/process-singleton.ts).
// Every pass is work a shutdown waits for (lib/health/shutdown-state.ts).
type MailDelivery = {
  worker: ReturnType<typeof setInterval> | undefined;
  timers: ReturnType<typeof setInterval>[];
  stopping: boolean;
  deliver: () => Promise<unknown>;
  lookups: () => Promise<void>;
};
const mail: MailDelivery = processSingleton<MailDelivery>('mail-delivery', (): MailDelivery => ({
  worker: undefined,
  timers: [],
  stopping: false,
  deliver: serialRunner((): Promise<unknown> => trackWork('mail delivery', deliverPending())),
  lookups: serialRunner((): Promise<void> =>
    trackWork('purchase lookups', mail.stopping ? Promise.resolve() : answerLookups()),
  ),
}));

/**
 * Sends whatever email is due now. Mail queued while a pass is under way gets a pass of its own
 * right after it, not 15 s later with the retry loop.
 */
export function deliverMailNow(): Promise<unknown> {
  return mail.deliver();
}

/** Gives back download claims whose lease ran out (download-claims.ts); never throws. */
async function sweepClaims(): Promise<void> {
  if (mail.stopping) return;
  try {
    await sweepExpiredClaims(await getDb());
  } catch (error) {
    logger().error({ err: error }, 'Expired download claims could not be given back; the next sweep tries again');
  }
}

/**
 * Starts the retry loop once per process: queued email goes out as soon as SMTP accepts it.
 * The same loop forgets rate-limit windows that no longer count, so that table stays small.
 * A shorter one answers "find my purchases" requests, another gives back the download claims of
 * processes that died.
 */
export function startMailWorker(): void {
  if (mail.worker || mail.stopping) return;
  mail.worker = setInterval(() => {
    void deliverMailNow();
    void trackWork(
      'rate-limit sweep',
      getDb()
        .then(sweepRateLimits)
        .catch(() => undefined),
    );
  }, retryIntervalMs());
  mail.timers = [
    mail.worker,
    setInterval(() => void mail.lookups(), LOOKUP_INTERVAL_MS),
    setInterval(() => void trackWork('claim sweep', sweepClaims()), claimSweepIntervalMs()),
  ];
  for (const timer of mail.timers) timer.unref?.();
  onShutdown('mail worker', stopMailWorker);
}

/**
 * Stops the loops (the server's graceful shutdown, lib/server/graceful-shutdown.ts): no pass
 * begins any more; the one under way finishes the message it is sending and gives back the rest
 * it claimed, which another instance's worker sends (never twice: a message is marked sent in
 * the pass that sent it). The shutdown waits for that pass as work under way.
 */
async function stopMailWorker(): Promise<void> {
  mail.stopping = true;
  for (const timer of mail.timers) clearInterval(timer);
  mail.timers = [];
}
