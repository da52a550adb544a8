import 'server-only';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail/transport';
import { appSecret } from '@/lib/security/secret';
import { deliverPendingMail } from './fulfilment';

const RETRY_INTERVAL_MS = 15_000;
let worker: ReturnType<typeof setInterval> | undefined;
let running: Promise<unknown> | undefined;

/** Sends whatever email is due now; never throws (a failure stays queued). */
export function deliverMailNow(): Promise<unknown> {
  running ??= (async () => {
    try {
      return await deliverPendingMail(await getDb(), { siteUrl: env().siteUrl, secret: appSecret(), send: sendMail });
    } catch (error) {
      console.error('Mail delivery failed; it will be retried', error);
      return undefined;
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/** Starts the retry loop once per process: queued email goes out as soon as SMTP accepts it. */
export function startMailWorker(): void {
  if (worker) return;
  worker = setInterval(() => void deliverMailNow(), RETRY_INTERVAL_MS);
  worker.unref?.();
}
