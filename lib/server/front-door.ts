import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from '@/lib/http/client-address';
import { documentCacheHeaders, withDocumentPolicy, type DocumentPolicy } from '@/lib/http/document-policy';
import { API_CSP, NONCE_HEADER, buildPageCsp, createNonce } from '@/lib/security/csp';
import { staticSecurityHeaders } from '@/lib/security/headers';
import { isDecodable, malformedUrlResponse } from '@/lib/security/url-guard';
import { holdWholeDocuments } from './whole-document';

export type FrontDoorOptions = {
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  trustedProxyHops: number;
  development: boolean;
};

// Headers a client could use to pose as a proxy we trust. Without trusted proxies none of them
// reach the app; behind N proxies the outermost one sets X-Forwarded-Proto and -Host itself.
// Forwarded and X-Real-IP are never read here, so they never reach the app at all.
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];
const IGNORED_HEADERS = ['forwarded', 'x-real-ip'];

/**
 * Every request enters here before Next sees it (lib/server/main.ts):
 * 1. a malformed %-escape is a 400, not Next's 500;
 * 2. the client's address comes from the connection (and trusted proxies only), in one header;
 * 3. a fresh CSP nonce goes on the request, so Next stamps its scripts with it, and every
 *    HTML response carries the matching policy, whatever route or file path produced it;
 * 4. the route's document policy (lib/http/document-policy.ts) sets the document's caching
 *    and referrer headers, and the static security headers fill in what a route left unset;
 * 5. a document leaves whole, with its length (whole-document.ts).
 */
export function createFrontDoor({ handle, trustedProxyHops, development }: FrontDoorOptions) {
  return function frontDoor(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!isDecodable(path)) {
      void sendResponse(res, malformedUrlResponse());
      return;
    }
    const headers = req.headers;
    const address = clientAddressOf({ socketAddress: req.socket.remoteAddress, forwardedFor: headers['x-forwarded-for'], trustedHops: trustedProxyHops });
    const https = trustedProxyHops > 0 ? String(headers['x-forwarded-proto'] ?? '').split(',')[0]!.trim() === 'https' : 'encrypted' in req.socket;
    if (trustedProxyHops <= 0) for (const name of FORWARDING_HEADERS) delete headers[name];
    for (const name of IGNORED_HEADERS) delete headers[name];
    headers[CLIENT_ADDRESS_HEADER] = address;

    const nonce = createNonce();
    const csp = buildPageCsp(nonce, { development, upgradeInsecure: !development && https });
    headers[NONCE_HEADER] = nonce;
    headers['content-security-policy'] = csp;

    const policy: DocumentPolicy = { personal: false };
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (isHtml(res, args)) {
        res.setHeader('Content-Security-Policy', csp);
        for (const [name, value] of Object.entries(documentCacheHeaders(policy))) res.setHeader(name, value);
      } else if (!res.hasHeader('content-security-policy')) {
        // Anything that is not a document (JSON, a PDF, an SVG opened on its own) runs nothing.
        res.setHeader('Content-Security-Policy', API_CSP);
      }
      for (const { key, value } of staticSecurityHeaders) if (!res.hasHeader(key)) res.setHeader(key, value);
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
    holdWholeDocuments(res, () => isHtml(res, []));

    withDocumentPolicy(policy, () =>
      handle(req, res).catch((error: unknown) => {
        console.error('Request failed', error);
        if (!res.headersSent) void sendResponse(res, new Response('Internal error', { status: 500 }));
        else res.destroy();
      }),
    );
  };
}

/** Whether the response about to be sent is an HTML document (set with setHeader or in writeHead's own headers). */
function isHtml(res: ServerResponse, args: unknown[]): boolean {
  const given = args.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg));
  const fromArgs = given ? Object.entries(given).find(([name]) => name.toLowerCase() === 'content-type')?.[1] : undefined;
  return /^text\/html/i.test(String(fromArgs ?? res.getHeader('content-type') ?? ''));
}

/** Writes a fetch Response to a Node response. */
export async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}
