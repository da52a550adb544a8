import { createHash } from 'node:crypto';
import type { Queryable } from '@/lib/db/client';
import { requestedRange } from '@/lib/http/byte-range';
import { findEdition, type Edition } from '../catalogue';
import { findOrder, hasLiveLinks, type Order } from '../orders/orders';
import { STAMPING, StampingBusy, stampOnce } from '../stamp/queue';
import { formatOfFile, MAX_DOWNLOADS, verifyToken, type BookFormat } from './tokens';
import {
  claimCopy,
  clientKey,
  giveBackClaim,
  hasResumableClaim,
  keepClaimAlive,
  sweepExpiredClaims,
  type Claim,
} from './download-claims';

export type DownloadRefusal = {
  ok: false;
  status: number;
  error: string;
  message: string;
  retryAfterSeconds?: number;
  /** A 416's: the length of the copy, which its Content-Range names. */
  size?: number;
};
/**
 * A copy to send: all of it, or `part` (first and last byte) of it. `claim` is what its sending
 * settles; its lease is renewed until `stopRenewing` (sendCopy calls it when the response ends).
 */
type CopyToSend = {
  bytes: Uint8Array;
  /** Strong: a copy is the same bytes on every request (the stamp carries no time of its own). */
  etag: string;
  part?: { start: number; end: number };
  claim: Claim;
  stopRenewing: () => void;
};
export type DownloadAnswer = { ok: true; fileName: string; format: BookFormat; copy?: CopyToSend } | DownloadRefusal;

const refusal = (status: number, error: string, message: string): DownloadRefusal => ({
  ok: false,
  status,
  error,
  message,
});

/**
 * What a link's token or order refuses, for a download and for anything else that counts as one
 * (Send to Kindle, lib/shop/delivery/kindle.ts): the same status and error for the same link.
 */
export const LINK_REFUSALS = {
  expired: refusal(
    410,
    'link_expired',
    'This download link has expired. Open it in your browser to get a fresh one by email.',
  ),
  invalid: refusal(403, 'invalid_link', 'This download link is not valid.'),
  notFound: refusal(404, 'not_found', 'There is no such file.'),
  revoked: refusal(410, 'link_revoked', 'This link no longer works. Write to us if you think this is a mistake.'),
  exhausted: refusal(
    410,
    'downloads_exhausted',
    `This link has been used ${MAX_DOWNLOADS} times, its limit. Write to us and we will help.`,
  ),
} as const;

/**
 * What a download link answers. GET claims one of the link's downloads first, in the statement
 * that checks the limit, so however many requests arrive at once no more than MAX_DOWNLOADS are
 * ever served or stamped; then it stamps the copy within the process's stamping limit (requests
 * for the same copy share one stamping), and gives the download back if the copy could not be
 * made. The claim stays pending until the response ends (lib/shop/delivery/copy-delivery.ts):
 * lib/shop/delivery/download-claims.ts says when it counts. A retried or resumed request finds its
 * claim again instead of counting another download. A single Range is served (206), counted once
 * per copy. HEAD checks the link and counts nothing. Only paid orders whose links were not revoked
 * have files. The limit is the order's, whichever format a download takes: a PDF and an EPUB are
 * two of its downloads.
 */
export async function answerDownload(options: {
  db: Queryable;
  token: string;
  file: string;
  secret: string;
  method: 'GET' | 'HEAD';
  stamp: (edition: Edition, order: Order, format: BookFormat) => Promise<Uint8Array>;
  /** The client's address, and the proxy's id for this request (the same on the proxy's retry). */
  client: { address: string; requestId?: string };
  /** The request's Range and If-Range headers. */
  range?: string | null;
  ifRange?: string | null;
  /** How long a pending claim lives without its response renewing it (DOWNLOAD_CLAIM_SECONDS). */
  leaseSeconds: number;
}): Promise<DownloadAnswer> {
  const { db, method, range = null } = options;
  const check = verifyToken(options.token, options.secret);
  if (!check.ok) return check.reason === 'expired' ? LINK_REFUSALS.expired : LINK_REFUSALS.invalid;
  const order = await findOrder(db, check.orderId);
  const edition = order ? findEdition(order.edition) : undefined;
  const format = edition && formatOfFile(edition.id, options.file);
  if (!order || !edition || !format) return LINK_REFUSALS.notFound;
  if (order.revoked_at) return LINK_REFUSALS.revoked;
  if (!hasLiveLinks(order)) return LINK_REFUSALS.notFound;
  const exhausted = LINK_REFUSALS.exhausted;
  const client = clientKey(options.client.address);
  const { requestId } = options.client;
  // At the limit, places held by claims whose process died are given back first; past that, only
  // a request that may find its own claim (a proxy's retry, a resume) goes on. HEAD answers as the
  // same GET would.
  if (order.downloads >= MAX_DOWNLOADS && (await sweepExpiredClaims(db, order.id)) === 0) {
    const own =
      (method === 'GET' && requestId !== undefined) ||
      (range !== null && (await hasResumableClaim(db, { orderId: order.id, format, client })));
    if (!own) return exhausted;
  }
  if (method === 'HEAD') return { ok: true, fileName: options.file, format };
  const claimed = await claimCopy(db, {
    orderId: order.id,
    format,
    client,
    requestId,
    resume: range !== null,
    max: MAX_DOWNLOADS,
    leaseSeconds: options.leaseSeconds,
  });
  if ('error' in claimed) return claimed.error === 'exhausted' ? exhausted : LINK_REFUSALS.notFound;
  const { claim } = claimed;
  const stopRenewing = keepClaimAlive(db, claim, options.leaseSeconds);
  let bytes: Uint8Array;
  try {
    bytes = await stampOnce(`${order.id}:${edition.id}:${format}`, () => options.stamp(edition, order, format));
  } catch (error) {
    stopRenewing();
    if (claim.fresh) await giveBackClaim(db, claim);
    if (!(error instanceof StampingBusy)) throw error;
    return {
      ...refusal(503, 'busy', 'Many copies are being prepared just now. Please try again in a few seconds.'),
      retryAfterSeconds: STAMPING.retryAfterSeconds,
    };
  }
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  const part = requestedRange(range, options.ifRange ?? null, etag, bytes.length);
  if (part.kind === 'unsatisfiable') {
    stopRenewing();
    if (claim.fresh) await giveBackClaim(db, claim);
    return {
      ...refusal(416, 'range_not_satisfiable', 'The requested range is not part of this file.'),
      size: bytes.length,
    };
  }
  return {
    ok: true,
    fileName: options.file,
    format,
    copy: {
      bytes,
      etag,
      claim,
      stopRenewing,
      part: part.kind === 'partial' ? { start: part.start, end: part.end } : undefined,
    },
  };
}
