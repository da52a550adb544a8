import { z } from 'zod';
import { faqListSchema, postListSchema, postSchema, termsSchema, type FaqItem, type Post, type Terms } from './schemas';
import { failure, success, type ContentKind, type ContentResult } from './result';
import { fillTokensDeep } from './tokens';

/**
 * Client for a content backend implementing SPEC.md §7 (`{ data: … }` envelopes). Every
 * call has a timeout and a short in-memory cache (failures are remembered more briefly,
 * so a dead backend is not hammered); an answer that fails validation is a failure.
 */
export type RemoteOptions = {
  baseUrl: string;
  timeoutMs?: number;
  ttlMs?: number;
  failureTtlMs?: number;
  fetchImpl?: typeof fetch;
};

const envelope = z.object({ data: z.unknown() });
const postsData = z.union([z.array(z.unknown()), z.object({ posts: z.array(z.unknown()) }).transform((d) => d.posts)]);

type Fetched = { ok: true; body: unknown } | { ok: false; status?: number };

export function createRemoteClient({ baseUrl, timeoutMs = 3000, ttlMs = 30_000, failureTtlMs = 5_000, fetchImpl = fetch }: RemoteOptions) {
  const base = baseUrl.replace(/\/+$/, '');
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

  async function fetchJson(path: string): Promise<Fetched> {
    try {
      const response = await fetchImpl(`${base}${path}`, {
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
        cache: 'no-store',
      });
      if (!response.ok) return { ok: false, status: response.status };
      return { ok: true, body: (await response.json()) as unknown };
    } catch {
      return { ok: false };
    }
  }

  function cached<T>(key: string, load: () => Promise<ContentResult<T>>): Promise<ContentResult<T>> {
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.value as Promise<ContentResult<T>>;
    const value = load();
    cache.set(key, { expires: Date.now() + ttlMs, value });
    void value.then((result) => {
      if (!result.ok) cache.set(key, { expires: Date.now() + failureTtlMs, value });
    });
    return value;
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
    faqs: (): Promise<ContentResult<FaqItem[]>> => cached('faqs', () => load('faqs', '/faqs', parsed(faqListSchema))),
    terms: (): Promise<ContentResult<Terms>> => cached('terms', () => load('terms', '/terms-of-service', parsed(termsSchema))),
    posts: (): Promise<ContentResult<Post[]>> =>
      cached('posts', () =>
        load('posts', '/posts', (data) => {
          const list = postsData.safeParse(data);
          return list.success ? parsed(postListSchema)(list.data) : undefined;
        }),
      ),
    post: (id: string): Promise<ContentResult<Post>> =>
      cached(`post:${id}`, () => load('post', `/posts/${encodeURIComponent(id)}`, parsed(postSchema))),
  };
}

export type RemoteClient = ReturnType<typeof createRemoteClient>;
