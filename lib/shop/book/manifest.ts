import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { site } from '@/lib/site';
import { bookFontPackages } from './fonts';
import { epubFontPackages } from './epub/fonts';
import type { PageStart } from './paginate';
import { bookLabels, sampleLabels } from './labels';
import { TYPESETTING_VERSION } from './layout';
import type { Edition } from '../catalogue';
import { loadManuscript } from './manuscript';
import { sampleBuyUrl } from './sample/content';

/**
 * The typeset editions are content: `npm run books` sets them in Chromium into content/books,
 * with this manifest of what each was set from, so building and serving the site needs no browser.
 * A unit test (manifest.test.ts) fails when an input has changed since, naming it.
 */
export const COMMITTED_BOOKS_DIR = join(process.cwd(), 'content', 'books');
const MANIFEST_FILE = join(COMMITTED_BOOKS_DIR, 'manifest.json');

// The typesetter's own code and the script table it takes each edition's faces from: a change to
// how pages are laid out re-typesets every edition. Import lines are left out, so moving or
// renaming a module does not (they name files, not layout).
const TYPESETTER_FILES = ['fonts.ts', 'html.ts', 'layout.ts', 'outline.ts', 'paginate.ts', 'typesetter.ts']
  .map((name) => `lib/shop/book/${name}`)
  .concat('lib/i18n/scripts.json');
const withoutImports = (code: string) => code.replace(/^import [^;]*;\n/gm, '');

const inputsSchema = z.object({
  typesetting: z.number().int(),
  manuscript: z.string(),
  labels: z.string(),
  imprint: z.string(),
  fonts: z.array(z.string()),
  typesetter: z.string(),
});
export type BookInputs = z.infer<typeof inputsSchema>;

const epubInputsSchema = z.object({
  pages: z.string(),
  builder: z.string(),
  cover: z.string(),
  fonts: z.array(z.string()),
  imprint: z.string(),
});
export type EpubInputs = z.infer<typeof epubInputsSchema>;

const epubRecordSchema = z.object({
  file: z.string().regex(/^the-love-blueprint-[A-Za-z-]+-[0-9a-f]{16}\.epub$/),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  inputs: epubInputsSchema,
});

const sampleInputsSchema = z.object({
  book: z.string(),
  epub: z.string(),
  cutFrom: z.string(),
  labels: z.string(),
  sampler: z.string(),
  url: z.string(),
});
type SampleInputs = z.infer<typeof sampleInputsSchema>;

// A sample's files are committed under the names they are served by (lib/shop/sample-links.ts).
const sampleFileSchema = z.object({
  file: z.string().regex(/^the-love-blueprint-[A-Za-z-]+-sample\.(pdf|epub)$/),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const sampleRecordSchema = z.object({
  pdf: sampleFileSchema.extend({ pages: z.number().int().positive() }),
  epub: sampleFileSchema,
  inputs: sampleInputsSchema,
});

const recordSchema = z.object({
  file: z.string().regex(/^the-love-blueprint-[A-Za-z-]+-[0-9a-f]{16}\.pdf$/),
  pages: z.number().int().positive(),
  bytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  inputs: inputsSchema,
  typesetWith: z.string(),
  // Where each body page begins (paginate.ts): the EPUB's page list is built from it without a browser.
  pageStarts: z.array(
    z.object({
      block: z.number().int().nonnegative(),
      offset: z.number().int().positive().optional(),
      step: z.number().int().positive().optional(),
    }),
  ),
  epub: epubRecordSchema.optional(),
  // The free sample cut from this book and its EPUB (lib/shop/book/sample/).
  sample: sampleRecordSchema.optional(),
});

const manifestSchema = z.object({ editions: z.record(z.string(), recordSchema) });
export type BookManifest = z.infer<typeof manifestSchema>;

export const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const short = (data: string) => sha256(data).slice(0, 16);

function packageVersion(name: string): string {
  const file = join(process.cwd(), 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** Everything an edition's typeset book depends on, as it is in this checkout now. */
export function bookInputs(edition: Edition): BookInputs {
  const typesetter = TYPESETTER_FILES.map((file) =>
    withoutImports(readFileSync(join(process.cwd(), file), 'utf8')),
  ).join('\0');
  return {
    typesetting: TYPESETTING_VERSION,
    manuscript: short(JSON.stringify(loadManuscript(edition.language))),
    labels: short(JSON.stringify(bookLabels(edition.language))),
    imprint: `${site.brand} <${site.supportEmail}>`,
    fonts: bookFontPackages(edition.language).map((name) => `${name}@${packageVersion(name)}`),
    typesetter: short(typesetter),
  };
}

// The EPUB's builder: a change to it rebuilds every EPUB (no browser needed), not the PDFs.
const EPUB_BUILDER_DIR = 'lib/shop/book/epub';
const EPUB_BUILDER_FILES = () =>
  readdirSync(join(process.cwd(), EPUB_BUILDER_DIR))
    .filter((name) => name.endsWith('.ts') && !name.includes('.test.') && name !== 'stamp.ts')
    .sort()
    .map((name) => `${EPUB_BUILDER_DIR}/${name}`)
    .concat('lib/shop/book/layout.ts');

/** Everything an edition's EPUB depends on besides its manuscript and labels (in its file name). */
export function epubInputs(edition: Edition, pageStarts: PageStart[]): EpubInputs {
  const builder = EPUB_BUILDER_FILES().map((file) => withoutImports(readFileSync(join(process.cwd(), file), 'utf8')));
  return {
    pages: short(JSON.stringify(pageStarts)),
    builder: short(builder.join('\0')),
    cover: short(readFileSync(join(process.cwd(), 'public', 'images', 'covers', `${edition.language}.svg`), 'utf8')),
    fonts: epubFontPackages(edition.language).map((name) => `${name}@${packageVersion(name)}`),
    imprint: `${site.brand} <${site.supportEmail}>`,
  };
}

/** Like bookProblem, for the edition's EPUB: `missing` stops the build, `stale` fails the unit test. */
export function epubProblem(
  edition: Edition,
  manifest: BookManifest,
  expectedFile: string,
): { kind: 'missing' | 'stale'; reason: string } | undefined {
  const record = manifest.editions[edition.id];
  const epub = record?.epub;
  if (!record || !epub) return { kind: 'missing', reason: 'it has no EPUB' };
  if (epub.file !== expectedFile)
    return { kind: 'missing', reason: `its manuscript or labels changed (the EPUB for them would be ${expectedFile})` };
  const file = join(COMMITTED_BOOKS_DIR, epub.file);
  if (!existsSync(file)) return { kind: 'missing', reason: `${epub.file} is missing` };
  if (sha256(readFileSync(file)) !== epub.sha256)
    return { kind: 'missing', reason: `${epub.file} is not the file the manifest describes` };
  const now = epubInputs(edition, record.pageStarts);
  const changed = (Object.keys(now) as (keyof EpubInputs)[]).filter(
    (key) => JSON.stringify(now[key]) !== JSON.stringify(epub.inputs[key]),
  );
  return changed.length
    ? { kind: 'stale', reason: `its EPUB's ${changed.join(', ')} changed since it was built` }
    : undefined;
}

// The sample's builders: a change to them rebuilds every sample, not the books.
const SAMPLER_DIR = 'lib/shop/book/sample';
const SAMPLER_FILES = () =>
  readdirSync(join(process.cwd(), SAMPLER_DIR))
    .filter((name) => name.endsWith('.ts') && !name.includes('.test.'))
    .sort()
    .map((name) => `${SAMPLER_DIR}/${name}`);

/**
 * Everything an edition's sample depends on: all the book's inputs and its EPUB's (so a changed
 * manuscript, label, font, typesetter or EPUB builder makes the sample stale too), the committed
 * book and EPUB it is cut from, its own labels, its builders' code and the URL it sends buyers to.
 */
export function sampleInputs(edition: Edition, record: BookManifest['editions'][string]): SampleInputs {
  const sampler = SAMPLER_FILES().map((file) => withoutImports(readFileSync(join(process.cwd(), file), 'utf8')));
  return {
    book: short(JSON.stringify(bookInputs(edition))),
    epub: short(JSON.stringify(epubInputs(edition, record.pageStarts))),
    cutFrom: short(`${record.sha256} ${record.epub?.sha256 ?? 'no EPUB'}`),
    labels: short(JSON.stringify(sampleLabels(edition.language))),
    sampler: short(sampler.join('\0')),
    url: sampleBuyUrl(edition),
  };
}

/** Like bookProblem, for the edition's sample files: `missing` stops the build, `stale` fails the unit test. */
export function sampleProblem(
  edition: Edition,
  manifest: BookManifest,
  expectedFiles: { pdf: string; epub: string },
): { kind: 'missing' | 'stale'; reason: string } | undefined {
  const record = manifest.editions[edition.id];
  const sample = record?.sample;
  if (!record || !sample) return { kind: 'missing', reason: 'it has no sample' };
  for (const format of ['pdf', 'epub'] as const) {
    const { file, sha256: hash } = sample[format];
    if (file !== expectedFiles[format])
      return { kind: 'missing', reason: `its sample ${format} is ${file}, not ${expectedFiles[format]}` };
    const path = join(COMMITTED_BOOKS_DIR, file);
    if (!existsSync(path)) return { kind: 'missing', reason: `${file} is missing` };
    if (sha256(readFileSync(path)) !== hash)
      return { kind: 'missing', reason: `${file} is not the file the manifest describes` };
  }
  let now: SampleInputs;
  try {
    now = sampleInputs(edition, record);
  } catch (error) {
    return { kind: 'stale', reason: `what its sample was made from cannot be read here (${(error as Error).message})` };
  }
  const changed = (Object.keys(now) as (keyof SampleInputs)[]).filter((key) => now[key] !== sample.inputs[key]);
  return changed.length
    ? { kind: 'stale', reason: `its sample's ${changed.join(', ')} changed since it was built` }
    : undefined;
}

export function readManifest(): BookManifest {
  if (!existsSync(MANIFEST_FILE)) return { editions: {} };
  return manifestSchema.parse(JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')));
}

export function writeManifest(manifest: BookManifest): void {
  writeFileSync(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * What is wrong with an edition's committed book, or undefined when it is the one its inputs
 * typeset now. `missing`: the server has no book for this manuscript (the build stops);
 * `stale`: it has one, set from older fonts or typesetter code (the unit test fails).
 */
export function bookProblem(
  edition: Edition,
  manifest: BookManifest,
  expectedFile: string,
): { kind: 'missing' | 'stale'; reason: string } | undefined {
  const record = manifest.editions[edition.id];
  if (!record) return { kind: 'missing', reason: 'it has never been typeset' };
  if (record.file !== expectedFile)
    return { kind: 'missing', reason: `its manuscript or labels changed (the book for them would be ${expectedFile})` };
  const file = join(COMMITTED_BOOKS_DIR, record.file);
  if (!existsSync(file)) return { kind: 'missing', reason: `${record.file} is missing` };
  if (sha256(readFileSync(file)) !== record.sha256)
    return { kind: 'missing', reason: `${record.file} is not the file the manifest describes` };
  let now: BookInputs;
  try {
    now = bookInputs(edition);
  } catch (error) {
    return { kind: 'stale', reason: `what it was typeset from cannot be read here (${(error as Error).message})` };
  }
  const changed = (Object.keys(now) as (keyof BookInputs)[]).filter(
    (key) => JSON.stringify(now[key]) !== JSON.stringify(record.inputs[key]),
  );
  return changed.length
    ? { kind: 'stale', reason: `its ${changed.join(', ')} changed since it was typeset` }
    : undefined;
}
