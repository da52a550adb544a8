import { headers } from 'next/headers';

/**
 * Whether this render answers a document load rather than a client navigation's fetch, read from
 * the browser's Fetch Metadata (`Sec-Fetch-Dest: empty` is a fetch()). A request without the
 * header (curl, a crawler) counts as a document: the side where the page must be whole.
 */
export async function isDocumentRequest(): Promise<boolean> {
  return (await headers()).get('sec-fetch-dest') !== 'empty';
}
