import 'server-only';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
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
import { fillTokens, fillTokensDeep } from './tokens';

/**
 * The embedded store: the editorial files in content/, read once per process, checked
 * with the same schemas as a remote backend, and with `{brand}`/`{email}` filled in.
 * A file that fails its schema is a build-breaking mistake, so this throws (the unit
 * tests load every file).
 */
const CONTENT_DIR = join(process.cwd(), 'content');

const memo = new Map<string, unknown>();
function once<T>(key: string, load: () => T): T {
  if (!memo.has(key)) memo.set(key, load());
  return memo.get(key) as T;
}

function readJson<S extends z.ZodType>(path: string, schema: S): z.output<S> {
  const raw = JSON.parse(readFileSync(join(CONTENT_DIR, path), 'utf8')) as unknown;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Error(`content/${path} is invalid: ${parsed.error.message}`);
  return fillTokensDeep(parsed.data);
}

/** content/{folder}/{locale}.json, else content/{folder}/en.json. */
function readLocalized<S extends z.ZodType>(folder: string, locale: string, schema: S): z.output<S> {
  if (locale !== 'en') {
    try {
      return readJson(`${folder}/${locale}.json`, schema);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return readJson(`${folder}/en.json`, schema);
}

/** The post files of one folder ([] when the folder does not exist). */
function readPosts(folder: string): Post[] {
  let files: string[];
  try {
    files = readdirSync(join(CONTENT_DIR, folder));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return files.filter((file) => file.endsWith('.json')).map((file) => readJson(`${folder}/${file}`, postSchema));
}

export const embedded = {
  /** FAQs in a language, English when that language has none yet. */
  faqs: (locale = 'en'): FaqItem[] =>
    once(`faqs:${locale}`, () => readLocalized(`faqs`, locale, faqListSchema)),

  /** The terms HTML in a language, or undefined when that language has none. */
  terms: (locale = 'en'): string | undefined =>
    once(`terms:${locale}`, () => {
      try {
        return fillTokens(readFileSync(join(CONTENT_DIR, 'terms', `${locale}.html`), 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }),

  /** Every post, newest first, each in the language when it has a translation (content/posts/{locale}/), else English. */
  posts: (locale = 'en'): Post[] =>
    once(`posts:${locale}`, () => {
      const english = readPosts('posts').sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
      if (locale === 'en') return english;
      const own = new Map(readPosts(`posts/${locale}`).map((post) => [post.id, post]));
      return english.map((post) => own.get(post.id) ?? post);
    }),

  post: (id: string, locale = 'en'): Post | undefined => embedded.posts(locale).find((post) => post.id === id),

  /** Which language a post is shown in for a locale: its own when translated, else English. */
  postLanguage: (id: string, locale: string): string =>
    locale !== 'en' && once(`post-ids:${locale}`, () => new Set(readPosts(`posts/${locale}`).map((post) => post.id))).has(id) ? locale : 'en',

  help: (locale = 'en'): HelpDocument => once(`help:${locale}`, () => readLocalized('help', locale, helpDocumentSchema)),

  /** A long-form document in a language, or undefined when that language has none. */
  document: (name: DocumentName, language: string): ContentDocument | undefined =>
    once(`document:${language}:${name}`, () => {
      try {
        return readJson(`documents/${language}/${name}.json`, documentSchema);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }),

  guidelineTopics: (language: string): Record<string, ContentDocument> | undefined =>
    once(`topics:${language}`, () => {
      try {
        const raw = JSON.parse(readFileSync(join(CONTENT_DIR, `documents/${language}/guideline-topics.json`), 'utf8')) as Record<string, unknown>;
        return Object.fromEntries(Object.entries(raw).map(([slug, doc]) => [slug, fillTokensDeep(documentSchema.parse(doc))]));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }),
};

export type DocumentName = 'privacy' | 'cookies' | 'community-guidelines';
