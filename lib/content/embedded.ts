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

export const embedded = {
  /** FAQs in a language, English when that language has none yet. */
  faqs: (locale = 'en'): FaqItem[] =>
    once(`faqs:${locale}`, () => readLocalized(`faqs`, locale, faqListSchema)),

  terms: (): string => once('terms', () => fillTokens(readFileSync(join(CONTENT_DIR, 'terms/en.html'), 'utf8'))),

  /** Every post, newest first. */
  posts: (): Post[] =>
    once('posts', () =>
      readdirSync(join(CONTENT_DIR, 'posts'))
        .filter((file) => file.endsWith('.json'))
        .map((file) => readJson(`posts/${file}`, postSchema))
        .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at)),
    ),

  post: (id: string): Post | undefined => embedded.posts().find((post) => post.id === id),

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
