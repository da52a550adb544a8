import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Next's server actions: a request with a Next-Action header, or a multipart form posted to a
 * page (a form's action without JavaScript). This site has none (its forms post to /api/…), yet
 * Next looks each one up, fails, and logs the failure, with the action id the client sent, control
 * characters and all: three lines a request (docs/security.md, third review, finding 7). The front
 * door answers them 404 before Next, and logs nothing.
 */
export function isServerActionRequest(req: IncomingMessage, isPage: boolean): boolean {
  if (req.headers['next-action'] !== undefined) return true;
  return req.method === 'POST' && isPage && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
}

export function refuseServerAction(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('Not found: this site has no server actions.');
}
