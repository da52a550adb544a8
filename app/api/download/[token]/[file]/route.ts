import { getDb } from '@/lib/db/client';
import { appSecret } from '@/lib/security/secret';
import { jsonError } from '@/lib/security/json-request';
import { findEdition } from '@/lib/shop/catalogue';
import { claimDownload, findOrder } from '@/lib/shop/orders';
import { bookFileName, MAX_DOWNLOADS, verifyToken } from '@/lib/shop/tokens';
import { stampedBook } from '@/lib/shop/books';

/**
 * GET /api/download/{token}/the-love-blueprint-{edition}.pdf: the buyer's stamped copy.
 * A forged, tampered, expired or exhausted link never yields the file: a browser that
 * navigated here is sent to /broken-link, a script gets a 4xx JSON error.
 */
export async function GET(request: Request, { params }: { params: Promise<{ token: string; file: string }> }) {
  const { token, file } = await params;
  const navigating = request.headers.get('sec-fetch-mode') === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html');
  const refuse = (status: number, error: string, message: string) =>
    navigating
      ? new Response(null, { status: 303, headers: { Location: '/broken-link', 'Cache-Control': 'no-store' } })
      : jsonError(status, error, message);

  const check = verifyToken(token, appSecret());
  if (!check.ok) {
    return check.reason === 'expired'
      ? refuse(410, 'link_expired', 'This download link has expired. Open it in your browser to get a fresh one by email.')
      : refuse(403, 'invalid_link', 'This download link is not valid.');
  }

  try {
    const db = await getDb();
    const order = await findOrder(db, check.orderId);
    const edition = order ? findEdition(order.edition) : undefined;
    if (!order || !edition || file !== bookFileName(edition.id)) return refuse(404, 'not_found', 'There is no such file.');
    const claim = await claimDownload(db, order.id, MAX_DOWNLOADS);
    if ('error' in claim) return refuse(410, 'downloads_exhausted', `This link has been used ${MAX_DOWNLOADS} times, its limit. Write to us and we will help.`);
    const bytes = await stampedBook(edition, { name: order.name, email: order.email, orderId: order.id });
    return new Response(Buffer.from(bytes), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${file}"`,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'no-store',
      },
    });
  } catch (error) {
    console.error('Download failed', error);
    return refuse(503, 'unavailable', 'The download is unavailable just now. Please try again in a moment.');
  }
}
