import { z } from 'zod';
import { faqListSchema, postListSchema, postSchema, termsSchema, type FaqItem, type Post, type Terms } from './schemas';
import { failure, success, type ContentKind, type ContentResult } from './result';
import { fillTokensDeep } from './tokens';
import { createLru } from '@/lib/cache/lru';
import { readLimited } from '@/lib/http/read-limited';
import { isSafePostId } from './post-id';

/**
 * Client for a content backend serving `/faqs`, `/terms-of-service`, `/posts` and
 * `/posts/{id}` in `{ data: … }` envelopes (README, "Content and the public API"). Every
 * call has a timeout, a body cap and a short cache of plain results, bounded in entries and
 * bytes (lib/cache/lru.ts): answers for 30 s, failures and unknown posts for 5 s, so a dead
 * backend is not hammered and no stream of made-up post ids can fill the heap. A call with
 * `fresh` (a shared document's render: lib/content/index.ts) takes no kept answer, only a
 * failure or a request already under way, and keeps what it gets for the others. An answer that
 * fails validation is a failure; a redirect is followed only on the backend's own host.
 */
export type RemoteOptions = {
  baseUrl: string;
  timeoutMs?: number;
  ttlMs?: number;
  failureTtlMs?: number;
  maxBodyBytes?: number;
  fetchImpl?: typeof fetch;
};

const envelope = z.object({ data: z.unknown() });
const postsData = z.union([z.array(z.unknown()), z.object({ posts: z.array(z.unknown()) }).transform((d) => d.posts)]);

type Fetched = { ok: true; body: unknown } | { ok: false; status?: number };

const MAX_REDIRECTS = 3;

export function createRemoteClient({ baseUrl, timeoutMs = 3000, ttlMs = 30_000, failureTtlMs = 5_000, maxBodyBytes = 2 * 1024 * 1024, fetchImpl = fetch }: RemoteOptions) {
  const base = baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  // Lists and single posts; the not-found answers for made-up ids have their own, smaller room.
  const answers = createLru<ContentResult<unknown>>({ maxEntries: 500, maxBytes: 16 * 1024 * 1024 });
  const notFound = createLru<ContentResult<unknown>>({ maxEntries: 2_000, maxBytes: 1024 * 1024 });
  // One request per key at a time; entries leave as soon as the request settles.
  const inflight = new Map<string, Promise<ContentResult<unknown>>>();

  async function fetchJson(path: string): Promise<Fetched> {
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      let url = `${base}${path}`;
      for (let hop = 0; ; hop += 1) {
        const response = await fetchImpl(url, {
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          signal,
          cache: 'no-store',
          redirect: 'manual',
        });
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          const next = new URL(location, url);
          await response.body?.cancel();
          // Never to another host: the backend's answer must come from the backend.
          if (next.origin !== origin || hop >= MAX_REDIRECTS) return { ok: false };
          url = next.href;
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { ok: false, status: response.status };
        }
        const bytes = await readLimited(response.body, maxBodyBytes);
        if (!bytes) return { ok: false };
        return { ok: true, body: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
      }
    } catch {
      return { ok: false };
    }
  }

  function cached<T>(key: string, load: () => Promise<ContentResult<T>>, fresh = false): Promise<ContentResult<T>> {
    const kept = answers.get(key);
    const hit = (kept && (!fresh || !kept.ok) ? kept : undefined) ?? (fresh ? undefined : notFound.get(key));
    if (hit) return Promise.resolve(hit as ContentResult<T>);
    const pending = inflight.get(key);
    if (pending) return pending as Promise<ContentResult<T>>;
    const loading = load()
      .then((result) => {
        if (result.ok) answers.set(key, result, ttlMs);
        else if (result.error.reason === 'not_found') notFound.set(key, result, failureTtlMs);
        else answers.set(key, result, failureTtlMs);
        return result;
      })
      .finally(() => inflight.delete(key));
    inflight.set(key, loading);
    return loading;
  }

  async function load<T>(kind: ContentKind, path: string, read: (data: unknown) => T | undefined): Promise<ContentResult<T>> {
    const fetched = await fetchJson(path);
    if (!fetched.ok) return failure(kind, fetched.status === 404 ? 'not_found' : 'unavailable');
    const wrapped = envelope.safeParse(fetched.body);
    if (!wrapped.success) return failure(kind);
    const value = read(wrapped.data.data);
    return value === undefined ? failure(kind) : success(fillTokensDeep(value));
  }

  const parsed = <S extends z.ZodType>(schema: S) => (data: unknown) => {
    const result = schema.safeParse(data);
    return result.success ? (result.data as z.output<S>) : undefined;
  };

  return {
    faqs: (fresh?: boolean): Promise<ContentResult<FaqItem[]>> =>
      cached('faqs', () => load('faqs', '/faqs', parsed(faqListSchema)), fresh),
    terms: (fresh?: boolean): Promise<ContentResult<Terms>> =>
      cached('terms', () => load('terms', '/terms-of-service', parsed(termsSchema)), fresh),
    posts: (fresh?: boolean): Promise<ContentResult<Post[]>> =>
      cached(
        'posts',
        () =>
          load('posts', '/posts', (data) => {
            const list = postsData.safeParse(data);
            return list.success ? parsed(postListSchema)(list.data) : undefined;
          }),
        fresh,
      ),
    post: (id: string, fresh?: boolean): Promise<ContentResult<Post>> =>
      isSafePostId(id)
        ? cached(`post:${id}`, () => load('post', `/posts/${encodeURIComponent(id)}`, parsed(postSchema)), fresh)
        : Promise.resolve(failure('post', 'not_found')),
    /** How much the caches hold (for tests and the operator's eye). */
    stats: () => ({ answers: answers.stats(), notFound: notFound.stats(), inflight: inflight.size }),
  };
}

export type RemoteClient = ReturnType<typeof createRemoteClient>;
