/**
 * Next drops a route handler's Content-Length when the body is a stream, as a download's is (sent
 * in slices: lib/shop/delivery/copy-delivery.ts), so a browser showed neither the file's size nor
 * its progress. The route names the length in this private header too; the front door turns it
 * back into Content-Length and never lets it out (lib/server/front-door.ts).
 */
export const BODY_LENGTH_HEADER = 'x-amora-body-length';
