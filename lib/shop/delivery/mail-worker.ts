import 'server-only';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail/transport';
import { appSecret } from '@/lib/security/secret';
import { processSingleton } from '@/lib/process-singleton';
import { deliverPendingMail } from './deliver-mail';
import { answerLookupRequests } from './purchase-lookup';
import { sweepRateLimits } from '@/lib/security/rate-limit';
import { serialRunner } from '@/lib/async/serial-runner';

// The retry loop's period: 15 s, or half of a shorter MAIL_RETRY_SECONDS, so a due email waits
// at most half its delay again.
const retryIntervalMs = () => Math.min(15_000, env().mailRetrySeconds * 500);
// "Find my purchases" requests wait for this tick, not for the request (purchase-lookup.ts): seconds, not 15.
const LOOKUP_INTERVAL_MS = 2_000;

/** One pass over the queue; never throws (a failure stays queued). */
async function deliverPending(): Promise<unknown> {
  try {
    return await deliverPendingMail(await getDb(), {
      siteUrl: env().siteUrl,
      secret: appSecret(),
      send: sendMail,
      firstRetrySeconds: env().mailRetrySeconds,
    });
  } catch (error) {
    console.error('Mail delivery failed; it will be retried', error);
    return undefined;
  }
}

/** Answers pending "find my purchases" requests and sends what they queued; never throws. */
async function answerLookups(): Promise<void> {
  try {
    if ((await answerLookupRequests(await getDb(), { emailsPerHour: env().limits.emailsPerHour })) > 0)
      await deliverMailNow();
  } catch (error) {
    console.error('Find-my-purchases requests could not be answered; they stay pending', error);
  }
}

// One retry loop and one delivery at a time per process, whichever bundle asks (lib/process-singleton.ts).
const mail = processSingleton('mail-delivery', () => ({
  worker: undefined as ReturnType<typeof setInterval> | undefined,
  deliver: serialRunner(deliverPending),
  lookups: serialRunner(answerLookups),
}));

/**
 * Sends whatever email is due now. Mail queued while a pass is under way gets a pass of its own
 * right after it, not 15 s later with the retry loop.
 */
export function deliverMailNow(): Promise<unknown> {
  return mail.deliver();
}

/**
 * Starts the retry loop once per process: queued email goes out as soon as SMTP accepts it.
 * The same loop forgets rate-limit windows that no longer count, so that table stays small.
 * A shorter one answers "find my purchases" requests.
 */
export function startMailWorker(): void {
  if (mail.worker) return;
  mail.worker = setInterval(() => {
    void deliverMailNow();
    void getDb()
      .then(sweepRateLimits)
      .catch(() => undefined);
  }, retryIntervalMs());
  mail.worker.unref?.();
  setInterval(() => void mail.lookups(), LOOKUP_INTERVAL_MS).unref?.();
}
