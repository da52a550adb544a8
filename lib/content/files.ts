import 'server-only';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { defaultLocale } from '@/lib/i18n/locales';
import { fillTokensDeep } from './tokens';

/**
 * Every editorial file in content/ is read here: parsed, checked with its zod schema, with
 * `{brand}` and `{email}` filled in, once per process (the files do not change while it runs,
 * and their names are a fixed set, so this cache cannot grow). A file that fails its schema is
 * a mistake in the content: it throws, and the unit tests load every file.
 */
const CONTENT_DIR = join(process.cwd(), 'content');
const read = new Map<string, unknown>();

function once<T>(key: string, load: () => T): T {
  if (!read.has(key)) read.set(key, load());
  return read.get(key) as T;
}

/** The raw text of content/{path}; undefined when there is no such file. */
export function contentText(path: string): string | undefined {
  return once(`text:${path}`, () => {
    try {
      return readFileSync(join(CONTENT_DIR, path), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  });
}

/** content/{path} as JSON checked against `schema`; undefined when there is no such file. */
export function contentFile<S extends z.ZodType>(path: string, schema: S): z.output<S> | undefined {
  return once(`json:${path}`, () => {
    const text = contentText(path);
    if (text === undefined) return undefined;
    const parsed = schema.safeParse(JSON.parse(text) as unknown);
    if (!parsed.success) throw new Error(`content/${path} is invalid: ${parsed.error.message}`);
    return fillTokensDeep(parsed.data);
  });
}

/**
 * The file for a language, else the English one: `pathFor(language)` names it. Returns the
 * content and the language it is in, so a page can say when it shows English instead.
 */
export function localizedContentFile<S extends z.ZodType>(pathFor: (language: string) => string, locale: string, schema: S): { value: z.output<S>; language: string } {
  const own = locale === defaultLocale ? undefined : contentFile(pathFor(locale), schema);
  if (own !== undefined) return { value: own, language: locale };
  const english = contentFile(pathFor(defaultLocale), schema);
  if (english === undefined) throw new Error(`content/${pathFor(defaultLocale)} is missing`);
  return { value: english, language: defaultLocale };
}
