import { jsonError } from '@/lib/security/json-request';
import { editions, type Edition } from './catalogue';
import { SAMPLE_FORMATS, sampleFileName, type SampleFormat } from './sample-links';

/**
 * GET and HEAD /samples/{file}: an edition's free sample (app/samples/[file]/route.ts). The name
 * must be exactly one of sampleFileName's (lib/shop/sample-links.ts, the one rule): it is looked up
 * among them, never parsed or made into a path, so another id, a path trick, another case or an
 * encoded slash is a 404 before anything is read. The same bytes for everyone and no token.
 */
export type SampleBytes = { bytes: Uint8Array; sha256: string };

const CONTENT_TYPES: Record<SampleFormat, string> = { pdf: 'application/pdf', epub: 'application/epub+zip' };

// A day in any cache, then revalidated by ETag (a 304): the URL stays when `npm run books` rebuilds a
// sample (a revised manuscript), so not `immutable`; the bytes are the same for every visitor, so `public`.
export const SAMPLE_CACHE = 'public, max-age=86400';

/** The edition and format served under `name`, or undefined: an exact match among the 34 names, nothing else. */
export function sampleNamed(name: string): { edition: Edition; format: SampleFormat } | undefined {
  for (const edition of editions)
    for (const format of SAMPLE_FORMATS) if (sampleFileName(edition.id, format) === name) return { edition, format };
  return undefined;
}

/** Whether an If-None-Match header names this entity tag (RFC 9110 §13.1.2: weak comparison), or is `*`. */
function matches(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
}

export async function answerSample(
  request: Request,
  name: string,
  load: (edition: Edition, format: SampleFormat) => Promise<SampleBytes>,
): Promise<Response> {
  const sample = sampleNamed(name);
  if (!sample) return jsonError(404, 'not_found', 'There is no sample file of that name.');
  const { bytes, sha256 } = await load(sample.edition, sample.format);
  const etag = `"${sha256}"`;
  const cache = { 'Cache-Control': SAMPLE_CACHE, ETag: etag };
  if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: cache });
  const headers = {
    ...cache,
    'Content-Type': CONTENT_TYPES[sample.format],
    'Content-Length': String(bytes.byteLength),
    'Content-Disposition': `attachment; filename="${name}"`,
    'X-Content-Type-Options': 'nosniff',
  };
  return new Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { headers });
}
