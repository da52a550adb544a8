import type { Queryable } from '@/lib/db/client';
import { findEdition, type Edition } from '../catalogue';
import { claimDownload, findOrder, hasLiveLinks, releaseDownload, type Order } from '../orders/orders';
import { STAMPING, StampingBusy, stampOnce } from '../stamp/queue';
import { formatOfFile, MAX_DOWNLOADS, verifyToken, type BookFormat } from './tokens';

type DownloadRefusal = { ok: false; status: number; error: string; message: string; retryAfterSeconds?: number };
export type DownloadAnswer = { ok: true; fileName: string; format: BookFormat; bytes?: Uint8Array } | DownloadRefusal;

const refusal = (status: number, error: string, message: string): DownloadRefusal => ({
  ok: false,
  status,
  error,
  message,
});

/**
 * What a download link answers. GET claims one of the link's downloads first, in one atomic
 * update, so however many requests arrive at once no more than MAX_DOWNLOADS are ever served
 * or stamped; then it stamps the copy within the process's stamping limit (requests for the same
 * copy share one stamping), and gives the download back if the copy could not be made. HEAD
 * checks the link and counts nothing. Only paid orders whose links were not revoked have files.
 * The limit is the order's, whichever format a download takes: a PDF and an EPUB are two of its downloads.
 */
export async function answerDownload(options: {
  db: Queryable;
  token: string;
  file: string;
  secret: string;
  method: 'GET' | 'HEAD';
  stamp: (edition: Edition, order: Order, format: BookFormat) => Promise<Uint8Array>;
}): Promise<DownloadAnswer> {
  const check = verifyToken(options.token, options.secret);
  if (!check.ok) {
    return check.reason === 'expired'
      ? refusal(
          410,
          'link_expired',
          'This download link has expired. Open it in your browser to get a fresh one by email.',
        )
      : refusal(403, 'invalid_link', 'This download link is not valid.');
  }
  const order = await findOrder(options.db, check.orderId);
  const edition = order ? findEdition(order.edition) : undefined;
  const format = edition && formatOfFile(edition.id, options.file);
  if (!order || !edition || !format) return refusal(404, 'not_found', 'There is no such file.');
  if (order.revoked_at)
    return refusal(410, 'link_revoked', 'This link no longer works. Write to us if you think this is a mistake.');
  if (!hasLiveLinks(order)) return refusal(404, 'not_found', 'There is no such file.');
  const exhausted = refusal(
    410,
    'downloads_exhausted',
    `This link has been used ${MAX_DOWNLOADS} times, its limit. Write to us and we will help.`,
  );
  if (order.downloads >= MAX_DOWNLOADS) return exhausted;
  if (options.method === 'HEAD') return { ok: true, fileName: options.file, format };
  const claim = await claimDownload(options.db, order.id, MAX_DOWNLOADS);
  if ('error' in claim)
    return claim.error === 'exhausted' ? exhausted : refusal(404, 'not_found', 'There is no such file.');
  try {
    const bytes = await stampOnce(`${order.id}:${edition.id}:${format}`, () => options.stamp(edition, order, format));
    return { ok: true, fileName: options.file, format, bytes };
  } catch (error) {
    await releaseDownload(options.db, order.id);
    if (!(error instanceof StampingBusy)) throw error;
    return {
      ...refusal(503, 'busy', 'Many copies are being prepared just now. Please try again in a few seconds.'),
      retryAfterSeconds: STAMPING.retryAfterSeconds,
    };
  }
}
