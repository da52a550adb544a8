import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '@/lib/db/client';
import { consume, recipientBucket } from '@/lib/security/rate-limit';
import { findEdition } from '../catalogue';
import { findOrder, hasLiveLinks } from '../orders/orders';
import { COMMITTED_BOOKS_DIR } from '../book/manifest';
import { baseEpubFileName } from '../book/epub/file-name';
import { LINK_REFUSALS, type DownloadRefusal } from './download';
import { clientKey, HOLDER, sweepExpiredClaims } from './download-claims';
import { KINDLE_MAX_BYTES } from './kindle-address';
import { queueKindleCopy } from './mail-queue';
import { MAX_DOWNLOADS, verifyToken } from './tokens';

export type KindleAnswer = { ok: true; mailId: number } | DownloadRefusal;

// What stamping adds to the committed EPUB: the licence line on the title page and in the
// package (a name and an address of at most 254 characters each), with room to spare.
const STAMP_ALLOWANCE_BYTES = 64 * 1024;

/**
 * "Send to Kindle" from the library page (app/api/kindle/[token]): the buyer's stamped EPUB, by
 * email to a Send to Kindle address (already checked by kindleAddressSchema). The link's token
 * must open the order's files now: an expired, forged or revoked one gets a download's answer
 * (LINK_REFUSALS). Each address takes at most `perHour` copies an hour, whatever order or client
 * asks (KINDLE_LIMIT_PER_HOUR: no one can bomb a Kindle with copies); then the copy is counted as
 * one of the order's downloads and queued in one statement (mail-queue.ts, queueKindleCopy), and
 * the mail worker stamps and sends it.
 */
export async function requestKindleCopy(
  db: Queryable,
  request: { token: string; kindle: string; secret: string; clientAddress: string; perHour: number },
): Promise<KindleAnswer> {
  const check = verifyToken(request.token, request.secret);
  if (!check.ok) return check.reason === 'expired' ? LINK_REFUSALS.expired : LINK_REFUSALS.invalid;
  const order = await findOrder(db, check.orderId);
  const edition = order ? findEdition(order.edition) : undefined;
  if (!order || !edition) return LINK_REFUSALS.notFound;
  if (order.revoked_at) return LINK_REFUSALS.revoked;
  if (!hasLiveLinks(order)) return LINK_REFUSALS.notFound;
  // Amazon takes at most 50 MB an email: a bigger copy is refused here, never queued to bounce.
  const { size } = await stat(join(COMMITTED_BOOKS_DIR, baseEpubFileName(edition)));
  if (size + STAMP_ALLOWANCE_BYTES > KINDLE_MAX_BYTES)
    return {
      ok: false,
      status: 422,
      error: 'too_large_for_kindle',
      message: 'This book is larger than Send to Kindle accepts (50 MB). Please download the EPUB instead.',
    };
  const perAddress = await consume(db, {
    bucket: recipientBucket('kindle', request.kindle),
    limit: request.perHour,
    windowSeconds: 3600,
  });
  if (!perAddress.ok)
    return {
      ok: false,
      status: 429,
      error: 'rate_limited',
      message: 'Several copies have already been sent to this Kindle address. Please try again later.',
      retryAfterSeconds: perAddress.retryAfterSeconds,
    };
  const copy = {
    orderId: order.id,
    recipient: request.kindle,
    client: clientKey(request.clientAddress),
    holder: HOLDER,
    max: MAX_DOWNLOADS,
  };
  // At the limit, places held by downloads whose process died are given back first (download-claims.ts).
  let mailId = await queueKindleCopy(db, { ...copy, claimId: randomUUID() });
  if (mailId === undefined && (await sweepExpiredClaims(db, order.id)) > 0)
    mailId = await queueKindleCopy(db, { ...copy, claimId: randomUUID() });
  if (mailId !== undefined) return { ok: true, mailId };
  const now = await findOrder(db, order.id);
  if (now?.revoked_at) return LINK_REFUSALS.revoked;
  return now && hasLiveLinks(now) ? LINK_REFUSALS.exhausted : LINK_REFUSALS.notFound;
}
