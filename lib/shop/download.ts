import type { Queryable } from '@/lib/db/client';
import { findEdition, type Edition } from './catalogue';
import { claimDownload, findOrder, hasLiveLinks, type Order } from './orders';
import { bookFileName, MAX_DOWNLOADS, verifyToken } from './tokens';

export type DownloadRefusal = { ok: false; status: number; error: string; message: string };
export type DownloadAnswer = { ok: true; fileName: string; bytes?: Uint8Array } | DownloadRefusal;

const refusal = (status: number, error: string, message: string): DownloadRefusal => ({ ok: false, status, error, message });

/**
 * What a download link answers. GET stamps the buyer's copy first and counts the download
 * only once the file is ready, so a failed stamp costs the buyer nothing; HEAD checks the
 * link and counts nothing at all. Only paid orders whose links were not revoked have files.
 */
export async function answerDownload(options: {
  db: Queryable;
  token: string;
  file: string;
  secret: string;
  method: 'GET' | 'HEAD';
  stamp: (edition: Edition, order: Order) => Promise<Uint8Array>;
}): Promise<DownloadAnswer> {
  const check = verifyToken(options.token, options.secret);
  if (!check.ok) {
    return check.reason === 'expired'
      ? refusal(410, 'link_expired', 'This download link has expired. Open it in your browser to get a fresh one by email.')
      : refusal(403, 'invalid_link', 'This download link is not valid.');
  }
  const order = await findOrder(options.db, check.orderId);
  const edition = order ? findEdition(order.edition) : undefined;
  if (!order || !edition || options.file !== bookFileName(edition.id)) return refusal(404, 'not_found', 'There is no such file.');
  if (order.revoked_at) return refusal(410, 'link_revoked', 'This link no longer works. Write to us if you think this is a mistake.');
  if (!hasLiveLinks(order)) return refusal(404, 'not_found', 'There is no such file.');
  const exhausted = refusal(410, 'downloads_exhausted', `This link has been used ${MAX_DOWNLOADS} times, its limit. Write to us and we will help.`);
  if (order.downloads >= MAX_DOWNLOADS) return exhausted;
  if (options.method === 'HEAD') return { ok: true, fileName: options.file };
  const bytes = await options.stamp(edition, order);
  const claim = await claimDownload(options.db, order.id, MAX_DOWNLOADS);
  if ('error' in claim) return exhausted;
  return { ok: true, fileName: options.file, bytes };
}
