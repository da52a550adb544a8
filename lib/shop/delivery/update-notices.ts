import type { Queryable } from '@/lib/db/client';
import { readManifest, sha256, type BookManifest } from '../book/manifest';
import { editions, findEdition } from '../catalogue';
import { queueUpdateNotices } from './mail-queue';

/** How many update notices fall due each minute: the SMTP relay gets a steady trickle, not every buyer at once. */
export const NOTICES_PER_MINUTE = 30;

/**
 * An edition's revision: what its buyers download, as the committed manifest records it (the
 * SHA-256 of its PDF and of its EPUB, content/books/manifest.json), in 16 hex digits. It changes
 * exactly when a file a buyer gets changes (its manuscript, labels, fonts or typesetter), and
 * never for anything else; every instance reads the same one, and nothing is hashed at run time.
 */
export function editionRevision(editionId: string, manifest: BookManifest = readManifest()): string | undefined {
  const record = manifest.editions[editionId];
  if (!record) return undefined;
  return sha256(`pdf:${record.sha256}\nepub:${record.epub?.sha256 ?? 'none'}`).slice(0, 16);
}

export type NoticeResult =
  | { ok: true; edition: string; revision: string; queued: number }
  | { ok: false; reason: 'unknown_edition' | 'not_typeset'; message: string };

/**
 * `npm run shop -- notify-update --edition ID`: queues one email to every paid, unrevoked order of
 * the edition that was not yet told of this revision (update_notices), never sends inline (the
 * mail worker delivers them, NOTICES_PER_MINUTE at a time). A second run for the same revision
 * queues nothing; a new revision queues again.
 */
export async function notifyUpdate(
  db: Queryable,
  editionId: string,
  revision: string | undefined = editionRevision(editionId),
): Promise<NoticeResult> {
  if (!findEdition(editionId))
    return {
      ok: false,
      reason: 'unknown_edition',
      message: `There is no edition "${editionId}". Editions: ${editions.map((edition) => edition.id).join(', ')}.`,
    };
  if (!revision)
    return {
      ok: false,
      reason: 'not_typeset',
      message: `The edition "${editionId}" has no typeset book in content/books (npm run books).`,
    };
  const queued = await queueUpdateNotices(db, { edition: editionId, revision, perMinute: NOTICES_PER_MINUTE });
  return { ok: true, edition: editionId, revision, queued };
}
