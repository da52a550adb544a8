import { after } from 'next/server';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { clientAddress } from '@/lib/http/client-address';
import { PROXY_REQUEST_ID_HEADER } from '@/lib/http/request-headers';
import { BODY_LENGTH_HEADER } from '@/lib/http/body-length';
import { clientBucket, consume } from '@/lib/security/rate-limit';
import { appSecret } from '@/lib/security/secret';
import { jsonError } from '@/lib/security/json-request';
import { answerDownload } from '@/lib/shop/delivery/download';
import { sendCopy } from '@/lib/shop/delivery/copy-delivery';
import { stampedBook } from '@/lib/shop/book/base-books';
import { stampedEpub } from '@/lib/shop/book/base-epubs';
import { logError } from '@/lib/security/log-error';

type Params = { params: Promise<{ token: string; file: string }> };

// The URL carries the buyer's token: it never leaves as a referrer, and nothing may keep a copy.
const PRIVATE = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' };

const CONTENT_TYPES = { pdf: 'application/pdf', epub: 'application/epub+zip' } as const;

/**
 * GET /api/download/{token}/the-love-blueprint-{edition}.{pdf,epub}: the buyer's stamped copy (HEAD
 * checks the link without using up a download), or one range of it (206). A forged, tampered,
 * expired or exhausted link never yields the file: a browser that navigated here is sent to
 * /broken-link, a script gets a 4xx JSON error. The download counts once the response has ended
 * (lib/shop/delivery/copy-delivery.ts): Next runs `after` callbacks when the response closes, and
 * the request's signal is aborted then only if the response had not finished.
 */
async function download(request: Request, { params }: Params, method: 'GET' | 'HEAD') {
  const { token, file } = await params;
  const navigating =
    request.headers.get('sec-fetch-mode') === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html');
  const refuse = (status: number, error: string, message: string, retryAfterSeconds?: number) => {
    const retry = retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined;
    // Busy or rate-limited: the link is fine, so even a browser gets the message, not /broken-link.
    return navigating && !retry
      ? new Response(null, { status: 303, headers: { Location: '/broken-link', ...PRIVATE } })
      : jsonError(status, error, message, { headers: { ...PRIVATE, ...retry } });
  };
  try {
    const db = await getDb();
    if (method === 'GET') {
      const limited = await consume(db, {
        bucket: clientBucket('download', clientAddress(request)),
        limit: env().limits.downloadsPerMinute,
        windowSeconds: 60,
      });
      if (!limited.ok)
        return refuse(
          429,
          'rate_limited',
          'Too many downloads from this address. Please wait a moment and try again.',
          limited.retryAfterSeconds,
        );
    }
    const { downloadClaimSeconds } = env();
    const answer = await answerDownload({
      db,
      token,
      file,
      secret: appSecret(),
      method,
      stamp: (edition, order, format) => {
        const buyer = { name: order.name, email: order.email, orderId: order.id };
        return format === 'epub' ? stampedEpub(edition, buyer) : stampedBook(edition, buyer);
      },
      client: {
        address: clientAddress(request),
        requestId: request.headers.get(PROXY_REQUEST_ID_HEADER) ?? undefined,
      },
      range: request.headers.get('range'),
      ifRange: request.headers.get('if-range'),
      leaseSeconds: downloadClaimSeconds,
    });
    if (!answer.ok && answer.size !== undefined)
      return jsonError(answer.status, answer.error, answer.message, {
        headers: { ...PRIVATE, 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${answer.size}` },
      });
    if (!answer.ok) return refuse(answer.status, answer.error, answer.message, answer.retryAfterSeconds);
    const headers = {
      'Content-Type': CONTENT_TYPES[answer.format],
      'Content-Disposition': `attachment; filename="${answer.fileName}"`,
      'Accept-Ranges': 'bytes',
      ...PRIVATE,
    };
    const { copy } = answer;
    if (!copy) return new Response(null, { headers });
    const { start, end } = copy.part ?? { start: 0, end: copy.bytes.byteLength - 1 };
    const sending = sendCopy(db, copy);
    after(() => sending.ended(!request.signal.aborted));
    return new Response(sending.body, {
      status: copy.part ? 206 : 200,
      headers: {
        ...headers,
        ETag: copy.etag,
        'Content-Length': String(end - start + 1),
        // Next drops Content-Length on a streamed body; the front door puts it back from this.
        [BODY_LENGTH_HEADER]: String(end - start + 1),
        ...(copy.part && { 'Content-Range': `bytes ${start}-${end}/${copy.bytes.byteLength}` }),
      },
    });
  } catch (error) {
    logError('Download failed', error);
    return refuse(503, 'unavailable', 'The download is unavailable just now. Please try again in a moment.');
  }
}

export const GET = (request: Request, context: Params) => download(request, context, 'GET');
export const HEAD = (request: Request, context: Params) => download(request, context, 'HEAD');
