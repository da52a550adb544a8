import 'server-only';
import { env } from '@/lib/env';
import { isSharedRender } from '@/lib/http/document-policy';
import { defaultLocale } from '@/lib/i18n/locales';
import { embedded, type DocumentName } from './embedded';
import { createRemoteClient, type RemoteClient } from './remote';
import { failure, success, type ContentResult } from './result';
import { isSafePostId } from './post-id';
import type { ContentDocument, FaqItem, HelpDocument, Post } from './schemas';
import { logger } from '@/lib/log/logger';

/**
 * What pages call for content. The embedded store in content/ is the default; with
 * CONTENT_API_URL set, FAQs, terms and posts come from that backend instead (lib/content/remote.ts).
 * Either way the answer is validated, and a failure is a typed error state, never a throw. A
 * shared document's render asks the backend anew (isSharedRender): its freshness is the store's.
 */
let remote: RemoteClient | null | undefined;
function remoteClient(): RemoteClient | null {
  if (remote === undefined) {
    const baseUrl = env().contentApiUrl;
    remote = baseUrl ? createRemoteClient({ baseUrl }) : null;
  }
  return remote;
}

function fromEmbedded<T>(kind: Parameters<typeof failure>[0], read: () => T | undefined): ContentResult<T> {
  try {
    const value = read();
    return value === undefined ? failure(kind, 'not_found') : success(value);
  } catch (error) {
    logger().error({ err: error, kind }, 'Embedded content could not be read');
    return failure(kind);
  }
}

/** FAQs: the backend's (which has one language) or the embedded ones in the visitor's language. */
export async function getFaqs(locale: string = defaultLocale): Promise<ContentResult<FaqItem[]>> {
  return remoteClient()?.faqs(isSharedRender()) ?? fromEmbedded('faqs', () => embedded.faqs(locale));
}

/**
 * The terms HTML document ('' when the backend has none) and its language: the visitor's
 * when we have it, else English. A remote backend has one language, English.
 */
export async function getTerms(locale: string = defaultLocale): Promise<ContentResult<{ html: string; language: string }>> {
  const client = remoteClient();
  if (!client) {
    const own = locale === defaultLocale ? undefined : embedded.terms(locale);
    if (own !== undefined) return success({ html: own, language: locale });
    return fromEmbedded('terms', () => {
      const html = embedded.terms(defaultLocale);
      return html === undefined ? undefined : { html, language: defaultLocale };
    });
  }
  const result = await client.terms(isSharedRender());
  return result.ok ? success({ html: result.data.termsOf_service ?? '', language: defaultLocale }) : result;
}

/** Posts in the visitor's language where translated (English otherwise; a remote backend has English only). */
export async function getPosts(locale: string = defaultLocale): Promise<ContentResult<Post[]>> {
  return remoteClient()?.posts(isSharedRender()) ?? fromEmbedded('posts', () => embedded.posts(locale));
}

export async function getPost(id: string, locale: string = defaultLocale): Promise<ContentResult<Post>> {
  if (!isSafePostId(id)) return failure('post', 'not_found');
  return remoteClient()?.post(id, isSharedRender()) ?? fromEmbedded('post', () => embedded.post(id, locale));
}

/** The language a post is shown in for a locale. */
export function postLanguage(id: string, locale: string): string {
  return remoteClient() ? defaultLocale : embedded.postLanguage(id, locale);
}

/** The help document is always the site's own: a static file of the website, never the backend's. */
export async function getHelp(locale: string = defaultLocale): Promise<ContentResult<HelpDocument>> {
  return fromEmbedded('help', () => embedded.help(locale));
}

/** A long-form document in the visitor's language, else English; `language` says which one it is. */
export function getDocument(name: DocumentName, locale: string): { document: ContentDocument; language: string } {
  const own = embedded.document(name, locale);
  if (own) return { document: own, language: locale };
  const english = embedded.document(name, defaultLocale);
  if (!english) throw new Error(`content/documents/en/${name}.json is missing`);
  return { document: english, language: defaultLocale };
}

export function getGuidelineTopic(slug: string, locale: string): { document: ContentDocument; language: string } | undefined {
  const own = embedded.guidelineTopics(locale)?.[slug];
  if (own) return { document: own, language: locale };
  const english = embedded.guidelineTopics(defaultLocale)?.[slug];
  return english ? { document: english, language: defaultLocale } : undefined;
}

export { embedded };
export type { ContentResult } from './result';
