import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';

/**
 * A request the front door makes up and hands to Next for no visitor in particular: the render of
 * a shared document (docs/decisions/0018-shareable-documents.md). It holds only what the
 * document's key holds (its path and query, the consent state, the language the front door
 * decided) and the front door's own headers: nothing a visitor sent reaches a render that other
 * visitors will be given, neither a forwarding header, a cookie nor an RSC header.
 *
 * Its response is a real ServerResponse whose socket writes nowhere, so Next writes, ends and
 * sees 'finish' as on any connection; the front door captures the body (capture.ts). Destroying
 * it (`abort`) closes it as a visitor leaving would: Next stops rendering for it.
 */
export type DetachedExchange = { req: IncomingMessage; res: ServerResponse; abort: () => void };

export function detachedExchange({
  url,
  headers,
  remoteAddress,
}: {
  url: string;
  headers: Record<string, string>;
  remoteAddress: string;
}): DetachedExchange {
  const socket = Object.assign(
    new Writable({
      write: (_chunk, _encoding, done) => done(),
      writev: (_chunks, done) => done(),
    }),
    // What Node's http and Next read from a connection.
    {
      remoteAddress,
      remotePort: 0,
      encrypted: undefined,
      setTimeout: () => socket,
      setNoDelay: () => socket,
      setKeepAlive: () => socket,
    },
  ) as unknown as Socket;
  const req = new IncomingMessage(socket);
  req.method = 'GET';
  req.url = url;
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.headers = { ...headers };
  req.rawHeaders = Object.entries(headers).flat();
  // A GET has no body: the stream is over before anyone reads it.
  req.push(null);
  req.complete = true;
  const res = new ServerResponse(req);
  res.assignSocket(socket);
  keepHeadersReadable(res);
  return { req, res, abort: () => res.destroy() };
}

/**
 * Headers handed to writeHead itself go only into the bytes Node writes, not into getHeaders();
 * here every header is set first, so the capture (capture.ts) finds them all.
 */
function keepHeadersReadable(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (status: number, message?: string) => ServerResponse;
  res.writeHead = function (status: number, ...rest: unknown[]) {
    const message = rest.find((arg): arg is string => typeof arg === 'string');
    const given = rest.find((arg) => typeof arg === 'object' && arg !== null);
    if (Array.isArray(given)) {
      const pairs: unknown[] = given.every(Array.isArray) ? given.flat() : given;
      for (let at = 0; at + 1 < pairs.length; at += 2) res.appendHeader(String(pairs[at]), String(pairs[at + 1]));
    } else if (given)
      for (const [name, value] of Object.entries(given))
        if (value !== undefined) res.setHeader(name, value as string | number | readonly string[]);
    return writeHead(status, message);
  } as ServerResponse['writeHead'];
}
