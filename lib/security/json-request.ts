import { readLimited } from '@/lib/http/read-limited';
import { REQUEST_HOST_HEADER } from '@/lib/http/request-headers';

/**
 * The guard every state-changing route handler goes through before it looks at a body:
 * JSON only, same-site only, size-capped, and every refusal a 4xx JSON error.
 */
const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

type ApiError = { error: string; message: string; fields?: Record<string, string> };

export function jsonError(
  status: number,
  error: string,
  message: string,
  init: { fields?: Record<string, string>; headers?: HeadersInit } = {},
): Response {
  const body: ApiError = { error, message, ...(init.fields ? { fields: init.fields } : {}) };
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...init.headers } });
}

function allowedOrigins(request: Request, siteUrl: string): Set<string> {
  const origins = new Set<string>([new URL(request.url).origin, new URL(siteUrl).origin]);
  // The host the client asked for, over either scheme (the front door keeps it aside).
  const host = request.headers.get(REQUEST_HOST_HEADER) ?? request.headers.get('host');
  if (host) for (const scheme of ['http', 'https']) origins.add(`${scheme}://${host}`);
  return origins;
}

/**
 * Cross-site requests are refused: Fetch Metadata first, then Origin as a fallback for older browsers.
 * A page sent with `Referrer-Policy: no-referrer` (the library, /success) posts its forms with
 * `Origin: null`; Fetch Metadata, which no page can set, still says same-origin, and then decides.
 */
export function isCrossSite(request: Request, siteUrl: string): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin === 'null' && fetchSite === 'same-origin') return false;
  if (origin && !allowedOrigins(request, siteUrl).has(origin)) return true;
  return false;
}

export type JsonBodyResult = { ok: true; body: unknown } | { ok: false; response: Response };

/**
 * What readJsonBody refuses on the headers alone: a cross-site request, a body that is not JSON
 * or says it is too large. A limited route checks this, then its client's limit, and only then
 * reads the body (docs/security.md, third review, finding 1); readJsonBody checks it again.
 */
export function jsonHeadersRefusal(request: Request, options: { siteUrl: string; maxBytes?: number }): Response | null {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (isCrossSite(request, options.siteUrl))
    return jsonError(403, 'cross_site_request', 'Requests from other sites are not accepted.');
  const contentType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json')
    return jsonError(415, 'unsupported_media_type', 'Send the request body as application/json.');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > maxBytes) return tooLarge(maxBytes);
  return null;
}

const tooLarge = (maxBytes: number) =>
  jsonError(413, 'payload_too_large', `The request body must be at most ${maxBytes} bytes.`);

export async function readJsonBody(
  request: Request,
  options: { siteUrl: string; maxBytes?: number },
): Promise<JsonBodyResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BODY_BYTES;
  const refusal = jsonHeadersRefusal(request, options);
  if (refusal) return { ok: false, response: refusal };
  let bytes: Uint8Array | null;
  try {
    bytes = await readLimited(request.body, maxBytes);
  } catch {
    return { ok: false, response: jsonError(400, 'unreadable_body', 'The request body could not be read.') };
  }
  if (bytes === null) return { ok: false, response: tooLarge(maxBytes) };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: jsonError(400, 'invalid_json', 'The request body is not valid JSON.') };
  }
}
