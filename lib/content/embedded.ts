import 'server-only';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { defaultLocale } from '@/lib/i18n/locales';
import {
  documentSchema,
  faqListSchema,
  helpDocumentSchema,
  postSchema,
  type ContentDocument,
  type FaqItem,
  type HelpDocument,
  type Post,
} from './schemas';
import { fillTokens } from './tokens';
import { contentFile, contentText, localizedContentFile } from './files';

/**
 * The embedded store: the editorial files in content/, read through lib/content/files.ts
 * (checked with the same schemas as a remote backend, `{brand}`/`{email}` filled in, once
 * per process).
 */
const postFolders = new Map<string, Post[]>();

/** The posts of one folder of content/posts ([] when the folder does not exist). */
function readPosts(folder: string): Post[] {
  let posts = postFolders.get(folder);
  if (!posts) {
    let files: string[] = [];
    try {
      files = readdirSync(join(process.cwd(), 'content', folder)).filter((file) => file.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    posts = files.map((file) => contentFile(`${folder}/${file}`, postSchema)!);
    postFolders.set(folder, posts);
  }
  return posts;
}

const topicsSchema = z.record(z.string(), documentSchema);

export const embedded = {
  /** FAQs in a language, English when that language has none yet. */
  faqs: (locale: string = defaultLocale): FaqItem[] => localizedContentFile((l) => `faqs/${l}.json`, locale, faqListSchema).value,

  /** The terms HTML in a language, or undefined when that language has none. */
  terms: (locale: string = defaultLocale): string | undefined => {
    const html = contentText(`terms/${locale}.html`);
    return html === undefined ? undefined : fillTokens(html);
  },

  /** Every post, newest first, each in the language when it has a translation (content/posts/{locale}/), else English. */
  posts: (locale: string = defaultLocale): Post[] => {
    const english = [...readPosts('posts')].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
    if (locale === defaultLocale) return english;
    const own = new Map(readPosts(`posts/${locale}`).map((post) => [post.id, post]));
    return english.map((post) => own.get(post.id) ?? post);
  },

  post: (id: string, locale: string = defaultLocale): Post | undefined => embedded.posts(locale).find((post) => post.id === id),

  /** Which language a post is shown in for a locale: its own when translated, else English. */
  postLanguage: (id: string, locale: string): string =>
    locale !== defaultLocale && readPosts(`posts/${locale}`).some((post) => post.id === id) ? locale : defaultLocale,

  help: (locale: string = defaultLocale): HelpDocument => localizedContentFile((l) => `help/${l}.json`, locale, helpDocumentSchema).value,

  /** A long-form document in a language, or undefined when that language has none. */
  document: (name: DocumentName, language: string): ContentDocument | undefined => contentFile(`documents/${language}/${name}.json`, documentSchema),

  guidelineTopics: (language: string): Record<string, ContentDocument> | undefined => contentFile(`documents/${language}/guideline-topics.json`, topicsSchema),
};

export type DocumentName = 'privacy' | 'cookies' | 'community-guidelines' | 'accessibility';
