import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain build script without type declarations (checked by tsconfig.mjs.json)
import { compareWithCatalogue, findMessageUses, leafKeys, problemLines } from './message-keys.mjs';

type Use = { key: string; kind: 'message' | 'subtree' | 'optional'; file: string; line: number };
type Unresolved = { file: string; line: number; code: string; reason: string; prefixes: string[] };
type Scan = { uses: Use[]; unresolved: Unresolved[] };
type Catalogue = { [key: string]: string | Catalogue };
type DynamicPrefix = { prefix: string; file: string; why: string };
type Report = {
  missing: { key: string; at: string[]; why: string }[];
  unused: string[];
  unresolved: Unresolved[];
  staleAllowances: DynamicPrefix[];
};

const scan = (files: Record<string, string>): Scan => findMessageUses(new Map(Object.entries(files)));
/** The keys read, sorted, without duplicates. */
const keysRead = (files: Record<string, string>, kind: Use['kind'] = 'message') =>
  [
    ...new Set(
      scan(files)
        .uses.filter((use) => use.kind === kind)
        .map((use) => use.key),
    ),
  ].sort();
const report = (catalogue: Catalogue, files: Record<string, string>, allowances: DynamicPrefix[] = []): Report =>
  compareWithCatalogue(catalogue, scan(files), allowances);

const SERVER = `import { getTranslations, getMessages } from 'next-intl/server';\n`;

describe('findMessageUses: translators and their namespaces', () => {
  it('reads getTranslations with a namespace, an options object, or none, through await and Promise.all', () => {
    const files = {
      'app/page.tsx': `${SERVER}
export default async function Page() {
  const t = await getTranslations('shop');
  const [x, nav, root] = await Promise.all([load(), getTranslations({ locale: 'en', namespace: 'nav' }), getTranslations()]);
  const title = (await getTranslations('notFound'))('title');
  return [t('buy'), nav('home'), root('common.goHome'), title];
}`,
    };
    expect(keysRead(files)).toEqual(['common.goHome', 'nav.home', 'notFound.title', 'shop.buy']);
  });

  it('reads createTranslator, useTranslations and the t.rich / t.raw / t.has forms', () => {
    const files = {
      'lib/mail.ts': `import { createTranslator, useTranslations } from 'next-intl';
export function mail(messages: unknown) {
  const t = createTranslator({ locale: 'en', messages, namespace: 'email' });
  return [t('subject'), t.rich('body', { b: (s: string) => s }), t.raw('list'), t.has('maybe') ? t('maybe') : ''];
}
export function Island() {
  const t = useTranslations('consent');
  return t.markup('text', {});
}`,
    };
    expect(keysRead(files)).toEqual(['consent.text', 'email.body', 'email.maybe', 'email.subject']);
    expect(keysRead(files, 'subtree')).toEqual(['email.list']);
    expect(keysRead(files, 'optional')).toEqual(['email.maybe']);
  });

  it('follows a translator into the parameter of a function it is passed to', () => {
    const files = {
      'lib/mail.ts': `import { createTranslator } from 'next-intl';
export function mail(messages: unknown, paypal: boolean) {
  const t = createTranslator({ locale: 'en', messages, namespace: 'email' });
  return paymentOf(paypal, t);
}
function paymentOf(paypal: boolean, tr: (key: 'card' | 'paypal') => string) {
  return paypal ? tr('paypal') : tr('card');
}`,
    };
    expect(keysRead(files)).toEqual(['email.card', 'email.paypal']);
  });

  it('pairs the keys a helper reads with the namespace of the translator each call passes it', () => {
    const files = {
      'lib/messages-of.ts': `export function messagesOf<const K extends string>(t: (key: K) => string, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, t(key)]));
}`,
      'app/page.tsx': `${SERVER}import { messagesOf } from '@/lib/messages-of';
export default async function Page() {
  const [nav, shop] = await Promise.all([getTranslations('nav'), getTranslations('shop')]);
  return [messagesOf(nav, ['openMenu', 'closeMenu']), messagesOf(shop, ['name'])];
}`,
    };
    expect(keysRead(files)).toEqual(['nav.closeMenu', 'nav.openMenu', 'shop.name']);
  });

  it('ignores functions named t that are not next-intl translators', () => {
    const files = {
      'lib/other.ts': `import { getTranslations } from './my-i18n';
const t = (key: string) => key;
export const a = [t('not.a.message'), getTranslations('nope')];`,
    };
    expect(scan(files)).toEqual({ uses: [], unresolved: [] });
  });

  it('reports a translator it cannot follow instead of guessing', () => {
    const files = {
      'lib/escape.ts': `${SERVER}
export async function translator() {
  const t = await getTranslations('shop');
  return t;
}`,
    };
    const { unresolved } = scan(files);
    expect(unresolved).toEqual([
      expect.objectContaining({
        file: 'lib/escape.ts',
        line: 5,
        code: 't',
        reason: 'a translator used in a way this check cannot follow',
      }),
    ]);
  });
});

describe('findMessageUses: dynamic keys resolved from their source', () => {
  it('resolves const arrays, Object.keys of a const object, template literals and parameters from their calls', () => {
    const files = {
      'lib/errors.ts': `export const errorText = { nameRequired: 'Name?', emailInvalid: 'Email?' } as const;
export type ErrorKey = keyof typeof errorText;`,
      'app/page.tsx': `${SERVER}import { errorText, type ErrorKey } from '@/lib/errors';
const keys = ['accept', 'refuse'] as const satisfies readonly string[];
export default async function Page() {
  const t = await getTranslations('shop');
  const list = (key: 'getItems' | 'whoItems') => t(key).split('|');
  const pick = (key: 'first' | 'second') => t(key);
  return [
    keys.map((key) => t(key)),
    (Object.keys(errorText) as ErrorKey[]).map((key) => t(\`errors.\${key}\`)),
    list('getItems'),
    t(true ? 'yes' : 'no'),
    pick(String(Math.random())),
  ];
}`,
    };
    // list() is only ever called with 'getItems': whoItems is not read. pick()'s argument is not
    // known, so its declared type says what it can be.
    expect(keysRead(files)).toEqual([
      'shop.accept',
      'shop.errors.emailInvalid',
      'shop.errors.nameRequired',
      'shop.first',
      'shop.getItems',
      'shop.no',
      'shop.refuse',
      'shop.second',
      'shop.yes',
    ]);
  });

  it('resolves obj[key] and item.key over const literals, and for…of', () => {
    const files = {
      'lib/sections.ts': `export const homeSections = ['hero', 'how-it-works'] as const;`,
      'components/Header.tsx': `${SERVER}import { homeSections } from '@/lib/sections';
const labelKey = { hero: 'home', 'how-it-works': 'howItWorks', unused: 'other' } as const;
const links = [{ href: '/terms', key: 'terms' }, { href: '/privacy', key: 'privacy' }] as const;
export async function Header() {
  const t = await getTranslations('nav');
  const out = homeSections.map((id) => t(labelKey[id]));
  for (const link of links) out.push(t(link.key));
  return [...out, ...links.map((link) => t(link.key))];
}`,
    };
    expect(keysRead(files)).toEqual(['nav.home', 'nav.howItWorks', 'nav.privacy', 'nav.terms']);
  });

  it('resolves a parameter from every call site, JSX props included, across files', () => {
    const files = {
      'components/TitlePage.tsx': `${SERVER}
export type PageKey = keyof (typeof import('@/content/messages/en.json'))['pages'];
export async function TitlePage({ pageKey }: { pageKey: PageKey }) {
  const t = await getTranslations();
  return t(\`pages.\${pageKey}\`);
}
export function titleMetadata(pageKey: PageKey) {
  return async function generateMetadata() {
    const t = await getTranslations();
    return t(\`pageDescriptions.\${pageKey}\`);
  };
}`,
      'app/chat/page.tsx': `import { TitlePage, titleMetadata } from '@/components/TitlePage';
export const generateMetadata = titleMetadata('chat');
export default function Page() { return <TitlePage pageKey="chat" />; }`,
      'app/cities/page.tsx': `import { TitlePage as Title, titleMetadata } from '../../components/TitlePage';
export const generateMetadata = titleMetadata('cities');
export default function Page() { return <Title pageKey={'cities'} />; }`,
    };
    // The type says "any page"; the call sites say which pages: an unused page key stays unused.
    expect(keysRead(files)).toEqual(['pageDescriptions.chat', 'pageDescriptions.cities', 'pages.chat', 'pages.cities']);
  });

  it('narrows by === / !== tests, conditional branches and a type guard before an early return', () => {
    const files = {
      'lib/state.ts': `export type State = 'paid' | 'failed' | 'confirming';
export function stateOf(x: unknown): State { return 'paid'; }`,
      'lib/topics.ts': `export const topics = ['spam', 'scams'] as const;
export type Topic = (typeof topics)[number];
export function isTopic(value: string): value is Topic { return (topics as readonly string[]).includes(value); }`,
      'app/success/page.tsx': `${SERVER}import { stateOf } from '@/lib/state';
export default async function Page({ order }: { order: unknown }) {
  const t = await getTranslations('success');
  const state = stateOf(order);
  if (state !== 'paid') return [t(\`\${state}Title\`), state === 'confirming' ? t('wait') : t(\`\${state}Body\`)];
  return t('title');
}`,
      'app/topic/page.tsx': `${SERVER}import { isTopic } from '@/lib/topics';
export default async function Page({ params }: { params: Promise<{ topic: string }> }) {
  const { topic } = await params;
  if (!isTopic(topic)) return null;
  const t = await getTranslations('topics');
  return t(topic);
}`,
    };
    expect(keysRead(files)).toEqual([
      'success.confirmingTitle',
      'success.failedBody',
      'success.failedTitle',
      'success.title',
      'success.wait',
      'topics.scams',
      'topics.spam',
    ]);
  });

  it('counts a default as a value, and notFound() or a `never` function as leaving the block', () => {
    const files = {
      'components/Card.tsx': `${SERVER}import { notFound } from 'next/navigation';
function fail(): never { throw new Error('no'); }
export async function Card({ tone = 'neutral', kind }: { tone?: 'neutral' | 'warm' | 'cold'; kind: string }) {
  const t = await getTranslations('card');
  if (kind !== 'a' && kind !== 'b') notFound();
  if (kind === 'b') fail();
  return [t(tone), t(kind)];
}`,
      'components/Page.tsx': `import { Card } from './Card';
export const Page = () => <Card tone="warm" kind={String(Math.random())} />;`,
    };
    // tone: 'warm' where passed, 'neutral' by default (never 'cold'); kind: any string, 'a' or 'b'
    // past notFound(), 'a' past fail().
    expect(keysRead(files)).toEqual(['card.a', 'card.neutral', 'card.warm']);
  });

  it('reports a key it cannot resolve, with the static start of the key', () => {
    const files = {
      'app/page.tsx': `${SERVER}
export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const t = await getTranslations('blog');
  return t(\`categories.\${slug}\`);
}`,
    };
    const { uses, unresolved } = scan(files);
    expect(uses).toEqual([]);
    expect(unresolved).toEqual([
      {
        file: 'app/page.tsx',
        line: 6,
        code: 't(`categories.${slug}`)',
        reason: 'cannot tell which keys this reads',
        prefixes: ['blog.categories'],
      },
    ]);
  });
});

describe('findMessageUses: the catalogue read as an object', () => {
  it('uses the subtree a property path reads, from getMessages, loadMessages or a value typed Messages', () => {
    const files = {
      'lib/i18n/messages.ts': `export type Messages = { blog: { categories: Record<string, string> } };
export async function loadMessages(locale: string): Promise<Messages> { return import(\`./\${locale}.json\`); }`,
      'lib/labels.ts': `${SERVER}import type { Messages } from '@/lib/i18n/messages';
export async function labels() { return ((await getMessages()) as unknown as Messages).blog.categories; }`,
      'lib/feed.ts': `import { loadMessages } from '@/lib/i18n/messages';
export async function feed() { const [x, messages] = await Promise.all([1, loadMessages('en')]); return messages.feed['title']; }`,
      'lib/mail.ts': `import { createTranslator } from 'next-intl';
import type { Messages } from '@/lib/i18n/messages';
export function mail(messages: Messages) { const t = createTranslator({ locale: 'en', messages, namespace: 'email' }); return [t('subject'), messages.shop.name]; }`,
      'lib/send.ts': `import { loadMessages } from '@/lib/i18n/messages';
import { mail } from './mail';
export async function send() { return mail(await loadMessages('en')); }`,
      'lib/i18n/request.ts': `import { loadMessages } from './messages';
export default async () => ({ locale: 'en', messages: await loadMessages('en') });`,
    };
    expect(scan(files).unresolved).toEqual([]);
    expect(keysRead(files, 'subtree')).toEqual(['blog.categories', 'feed.title', 'shop.name']);
    expect(keysRead(files)).toEqual(['email.subject']);
  });
});

describe('compareWithCatalogue', () => {
  const catalogue: Catalogue = {
    common: { goHome: 'Go home', loadingPage: 'Loading page' },
    blog: { title: 'Blog', categories: { tips: 'tips', advice: 'advice' } },
  };

  it('lists keys read but missing, keys never read, and where each missing one is read', () => {
    const files = {
      'app/page.tsx': `${SERVER}
export default async function Page() {
  const t = await getTranslations();
  return [t('common.goHome'), t('nope'), t('blog'), t.has('blog.maybe'), (await getMessages()).blog.categories, (await getMessages()).gone];
}`,
    };
    const result = report(catalogue, files);
    expect(result.missing).toEqual([
      { key: 'nope', at: ['app/page.tsx:5'], why: 'not in en.json' },
      { key: 'blog', at: ['app/page.tsx:5'], why: 'a namespace in en.json, not a message' },
      { key: 'gone', at: ['app/page.tsx:5'], why: 'read as a whole, but en.json has nothing there' },
    ]);
    // t.has only asks: blog.maybe is neither missing nor anything's use.
    expect(result.unused).toEqual(['common.loadingPage', 'blog.title']);
    expect(problemLines(result)).toEqual([
      '  missing     nope: not in en.json (read at app/page.tsx:5)',
      '  missing     blog: a namespace in en.json, not a message (read at app/page.tsx:5)',
      '  missing     gone: read as a whole, but en.json has nothing there (read at app/page.tsx:5)',
      '  unused      common.loadingPage: in en.json, read nowhere (delete it from every locale)',
      '  unused      blog.title: in en.json, read nowhere (delete it from every locale)',
    ]);
  });

  it('is clean when everything is read, and says nothing', () => {
    const files = {
      'app/page.tsx': `${SERVER}
export default async function Page() {
  const [common, blog] = await Promise.all([getTranslations('common'), getTranslations('blog')]);
  return [common('goHome'), common('loadingPage'), blog('title'), blog.raw('categories')];
}`,
    };
    const result = report(catalogue, files);
    expect([result.missing, result.unused, result.unresolved, result.staleAllowances]).toEqual([[], [], [], []]);
    expect(problemLines(result)).toEqual([]);
  });

  it('accepts an unresolved read under an allowed prefix, using that subtree, and flags an allowance nothing needs', () => {
    const files = {
      'app/blog/page.tsx': `${SERVER}
export default async function Page({ slug }: { slug: string }) {
  const [t, common] = await Promise.all([getTranslations('blog'), getTranslations('common')]);
  return [t('title'), t(\`categories.\${slug}\`), common('goHome'), common('loadingPage')];
}`,
    };
    const allowed = { prefix: 'blog.categories', file: 'app/blog/page.tsx', why: 'category slugs come from the posts' };
    const stale = { prefix: 'common', file: 'app/other.tsx', why: 'no longer read there' };
    const result = report(catalogue, files, [allowed, stale]);
    expect([result.missing, result.unused, result.unresolved]).toEqual([[], [], []]);
    expect(result.staleAllowances).toEqual([stale]);
    expect(report(catalogue, files).unresolved).toHaveLength(1);
    expect(problemLines(report(catalogue, files))).toEqual([
      '  unused      blog.categories.tips: in en.json, read nowhere (delete it from every locale)',
      '  unused      blog.categories.advice: in en.json, read nowhere (delete it from every locale)',
      '  unresolved  app/blog/page.tsx:5: cannot tell which keys this reads: t(`categories.${slug}`)',
    ]);
  });

  it('lists leaf keys in file order', () => {
    expect(leafKeys(catalogue)).toEqual([
      'common.goHome',
      'common.loadingPage',
      'blog.title',
      'blog.categories.tips',
      'blog.categories.advice',
    ]);
  });
});
