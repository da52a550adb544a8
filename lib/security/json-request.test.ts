import { describe, expect, it } from 'vitest';
import { isCrossSite, readJsonBody } from './json-request';

const SITE = 'http://localhost:3000';

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/api/orders`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', host: 'localhost:3000', ...headers },
  });
}

async function refusal(request: Request, maxBytes?: number) {
  const result = await readJsonBody(request, { siteUrl: SITE, maxBytes });
  if (result.ok) throw new Error('expected a refusal');
  return { status: result.response.status, body: await result.response.json() };
}

describe('readJsonBody', () => {
  it('parses a same-origin JSON body', async () => {
    const result = await readJsonBody(post('{"a":1}', { origin: SITE, 'sec-fetch-site': 'same-origin' }), {
      siteUrl: SITE,
    });
    expect(result).toEqual({ ok: true, body: { a: 1 } });
  });

  it('accepts a charset parameter on the content type', async () => {
    const result = await readJsonBody(post('[1]', { 'content-type': 'application/json; charset=utf-8' }), {
      siteUrl: SITE,
    });
    expect(result.ok).toBe(true);
  });

  it('refuses other content types with 415', async () => {
    const { status, body } = await refusal(post('a=1', { 'content-type': 'application/x-www-form-urlencoded' }));
    expect(status).toBe(415);
    expect(body.error).toBe('unsupported_media_type');
  });

  it('refuses cross-site requests by Fetch Metadata or Origin with 403', async () => {
    expect((await refusal(post('{}', { 'sec-fetch-site': 'cross-site' }))).status).toBe(403);
    expect((await refusal(post('{}', { 'sec-fetch-site': 'same-site' }))).status).toBe(403);
    expect((await refusal(post('{}', { origin: 'https://evil.example' }))).status).toBe(403);
  });

  it('takes Fetch Metadata over an opaque Origin: null (a form on a no-referrer page), and only then', () => {
    const form = (headers: Record<string, string>) =>
      new Request(`${SITE}/api/library/lookup`, { method: 'POST', body: 'email=a', headers });
    expect(isCrossSite(form({ origin: 'null', 'sec-fetch-site': 'same-origin' }), SITE)).toBe(false);
    // Without Fetch Metadata, or with any other value, an opaque origin (a sandboxed frame, a data: URL) is refused.
    expect(isCrossSite(form({ origin: 'null' }), SITE)).toBe(true);
    expect(isCrossSite(form({ origin: 'null', 'sec-fetch-site': 'cross-site' }), SITE)).toBe(true);
    expect(isCrossSite(form({ origin: 'null', 'sec-fetch-site': 'none' }), SITE)).toBe(true);
  });

  it('caps the body size with 413, whether declared or streamed', async () => {
    expect((await refusal(post('{"a":"' + 'x'.repeat(200) + '"}'), 100)).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":"' + 'x'.repeat(300)));
        controller.enqueue(new TextEncoder().encode('"}'));
        controller.close();
      },
    });
    const streamed = new Request(`${SITE}/api/orders`, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect((await refusal(streamed, 100)).status).toBe(413);
  });

  it('answers malformed JSON with 400', async () => {
    const { status, body } = await refusal(post('{"a":'));
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
  });
});
