import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRemoteClient } from './remote';

/** A real local HTTP backend whose behaviour each test chooses by path prefix. */
let server: Server;
let base: string;
let hits = 0;
const seen: string[] = [];

const post = { id: 7, title: 'Hello {brand}', content: '<p>Hi</p>', category: { name: 'dating-tips' }, media: '["/a.svg"]', updated_at: '2026-05-01T00:00:00Z' };

beforeAll(async () => {
  server = createServer((req, res) => {
    hits += 1;
    const url = req.url ?? '';
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(body);
    };
    if (url.startsWith('/up/faqs')) return send(200, JSON.stringify({ data: [{ id: 1, question: 'Q?', answer: 'A.', category: 'General' }] }));
    if (url.startsWith('/up/terms-of-service')) return send(200, JSON.stringify({ data: { termsOf_service: '<p>Terms</p>' } }));
    if (url === '/up/posts') return send(200, JSON.stringify({ data: { posts: [post] } }));
    if (url === '/flat/posts') return send(200, JSON.stringify({ data: [post] }));
    if (url === '/up/posts/7') return send(200, JSON.stringify({ data: post }));
    if (url.startsWith('/up/posts/')) return send(404, JSON.stringify({ error: 'not found' }));
    if (url.startsWith('/garbage/')) return send(200, '<html>not json');
    if (url.startsWith('/wrong-shape/faqs')) return send(200, JSON.stringify({ data: [{ nope: true }] }));
    if (url.startsWith('/no-envelope/')) return send(200, JSON.stringify([{ question: 'Q', answer: 'A' }]));
    if (url.startsWith('/error/')) return send(500, '{}');
    if (url === '/big/posts') return send(200, JSON.stringify({ data: [{ ...post, content: 'x'.repeat(3 * 1024 * 1024) }] }));
    if (url === '/hop/posts') return void res.writeHead(302, { Location: '/up/posts' }).end();
    // Another host (localhost is not 127.0.0.1) that answers well: still not followed.
    if (url === '/away/posts') return void res.writeHead(302, { Location: `${base.replace('127.0.0.1', 'localhost')}/up/posts` }).end();
    if (url.startsWith('/seen/')) {
      seen.push(url);
      return send(404, '{}');
    }
    if (url.startsWith('/slow/')) {
      setTimeout(() => send(200, JSON.stringify({ data: [] })), 2000);
      return undefined;
    }
    return send(404, '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('remote content client', () => {
  it('reads FAQs and terms from their envelopes', async () => {
    const client = createRemoteClient({ baseUrl: `${base}/up` });
    const faqs = await client.faqs();
    expect(faqs).toEqual({ ok: true, data: [{ id: 1, question: 'Q?', answer: 'A.', category: 'General' }] });
    const terms = await client.terms();
    expect(terms.ok && terms.data.termsOf_service).toBe('<p>Terms</p>');
  });

  it('accepts the posts list as data.posts or as data itself, and fills tokens', async () => {
    for (const prefix of ['/up', '/flat']) {
      const posts = await createRemoteClient({ baseUrl: `${base}${prefix}` }).posts();
      expect(posts.ok).toBe(true);
      if (posts.ok) {
        expect(posts.data[0]?.id).toBe('7');
        expect(posts.data[0]?.title).toBe('Hello Amora');
      }
    }
  });

  it('tells a missing post apart from a failure', async () => {
    const client = createRemoteClient({ baseUrl: `${base}/up` });
    expect((await client.post('7')).ok).toBe(true);
    expect(await client.post('nope')).toEqual({ ok: false, error: { kind: 'post', reason: 'not_found', message: 'Article not found' } });
  });

  it('turns a server that is down into the SPEC.md error state', async () => {
    const client = createRemoteClient({ baseUrl: 'http://127.0.0.1:9' });
    expect(await client.faqs()).toEqual({ ok: false, error: { kind: 'faqs', reason: 'unavailable', message: 'Failed to load FAQs' } });
    expect(await client.posts()).toEqual({ ok: false, error: { kind: 'posts', reason: 'unavailable', message: 'Failed to load Post' } });
  });

  it('gives up on a slow server after its timeout', async () => {
    const client = createRemoteClient({ baseUrl: `${base}/slow`, timeoutMs: 300 });
    const started = Date.now();
    const result = await client.faqs();
    expect(result.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('treats garbage, a wrong shape, a missing envelope and a 500 as failures', async () => {
    for (const prefix of ['/garbage', '/wrong-shape', '/no-envelope', '/error']) {
      const result = await createRemoteClient({ baseUrl: `${base}${prefix}` }).faqs();
      expect(result, prefix).toEqual({ ok: false, error: { kind: 'faqs', reason: 'unavailable', message: 'Failed to load FAQs' } });
    }
  });

  it('caches answers briefly, and failures more briefly', async () => {
    const client = createRemoteClient({ baseUrl: `${base}/up`, ttlMs: 10_000 });
    const before = hits;
    await Promise.all([client.faqs(), client.faqs(), client.faqs()]);
    await client.faqs();
    expect(hits - before).toBe(1);

    const failing = createRemoteClient({ baseUrl: `${base}/error`, failureTtlMs: 50 });
    const start = hits;
    await failing.faqs();
    await failing.faqs();
    expect(hits - start).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await failing.faqs();
    expect(hits - start).toBe(2);
  });

  it('asks again for a shared document’s render (fresh): no kept answer, one request with those under way, and keeps what it got', async () => {
    const client = createRemoteClient({ baseUrl: `${base}/up`, ttlMs: 10_000 });
    await client.posts();
    const before = hits;
    await client.posts();
    expect(hits - before).toBe(0);
    await Promise.all([client.posts(true), client.posts(true), client.posts()]);
    expect(hits - before).toBe(1);
    await client.posts();
    expect(hits - before).toBe(1);
    // A failure is still remembered for its few seconds, fresh or not: a dead backend is not hammered.
    const failing = createRemoteClient({ baseUrl: `${base}/error`, failureTtlMs: 10_000 });
    const start = hits;
    await failing.faqs();
    await failing.faqs(true);
    expect(hits - start).toBe(1);
  });

  it('refuses post ids that would step outside /posts/{id}, before any fetch (finding 2)', async () => {
    const client = createRemoteClient({ baseUrl: `${base}/seen` });
    for (const id of ['../zz', '..%2Fzz'.replace('%2F', '/'), 'a/b', 'a\\b', '..', 'x\u0000y', 'line\nbreak', 'x'.repeat(201)]) {
      expect(await client.post(id), JSON.stringify(id)).toEqual({ ok: false, error: { kind: 'post', reason: 'not_found', message: 'Article not found' } });
    }
    expect(seen).toEqual([]);
    // A single-encoded id goes out encoded once, never decoded again on the way.
    await client.post('%2E%2E%2Fzz');
    expect(seen).toEqual(['/seen/posts/%252E%252E%252Fzz']);
  });

  it('stays bounded under a flood of made-up post ids, and keeps no promises (finding 2)', async () => {
    const client = createRemoteClient({ baseUrl: `${base}/up` });
    await Promise.all(Array.from({ length: 3_000 }, (_, i) => client.post(`random-${i}-${Math.random()}`)));
    const { answers, notFound, inflight } = client.stats();
    expect(notFound.entries).toBeLessThanOrEqual(2_000);
    expect(answers.entries).toBeLessThanOrEqual(500);
    expect(inflight).toBe(0);
  }, 30_000);

  it('caps the size of an answer (finding 2)', async () => {
    const result = await createRemoteClient({ baseUrl: `${base}/big` }).posts();
    expect(result.ok).toBe(false);
  });

  it('follows a redirect on the backend’s own host, never to another (finding 2)', async () => {
    expect((await createRemoteClient({ baseUrl: `${base}/hop` }).posts()).ok).toBe(true);
    expect((await createRemoteClient({ baseUrl: `${base}/away` }).posts()).ok).toBe(false);
  });
});
