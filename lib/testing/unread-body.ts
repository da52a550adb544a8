/**
 * A POST for the third review's finding 1 (docs/security.md) whose body is made only when the
 * route reads it (`read` says whether it did), and then is not JSON, so a route that reads it
 * cannot answer as if it had not. A route past its client's limit must answer without reading it.
 */
export function postWithUnreadBody(
  url: string,
  headers: Record<string, string>,
): { request: Request; read: () => boolean } {
  let read = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        read = true;
        controller.enqueue(new TextEncoder().encode('{"email":"'));
        controller.close();
      },
    },
    // Nothing is pulled ahead of a read.
    { highWaterMark: 0 },
  );
  // A streamed body needs `duplex`, which TypeScript's RequestInit does not know yet.
  const init = { method: 'POST', body, headers, duplex: 'half' } as RequestInit;
  return { request: new Request(url, init), read: () => read };
}
