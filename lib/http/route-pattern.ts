import { isLocale } from '@/lib/i18n/locales';
import { isPagePath } from '@/lib/security/url-guard';

/**
 * What a request asked for, as the route that answers it (Next's own names for its app routes),
 * never as its path: a path may hold a buyer's link token (/library/<token>,
 * /api/download/<token>/<file>) or whatever a client typed. The request log and the metrics say
 * this. The answer is always one of a fixed set (ROUTE_PATTERNS): nothing of the path gets through.
 *
 * These tables are kept equal to app/ and public/ by route-pattern.test.ts, which walks them.
 */

/** Every page, under app/[locale]/: the front door's language routing decides the [locale]. */
const PAGES = [
  '/',
  '/[...rest]',
  '/accessibility',
  '/blog',
  '/blog/[id]',
  '/broken-link',
  '/chat',
  '/cities',
  '/community-guidelines',
  '/cookie-policy',
  '/dating-confidence-report',
  '/error',
  '/guidelines/[topic]',
  '/help-centre',
  '/library',
  '/library/[token]',
  '/manage-cookies',
  '/modern-slavery-act',
  '/notice-at-collection',
  '/privacy',
  '/safety-centre',
  '/success',
  '/terms',
  '/the-love-blueprint',
  '/the-love-blueprint/[id]',
  '/the-love-blueprint/[id]/sample',
].map((page) => `/[locale]${page === '/' ? '' : page}`);

/** Route handlers and metadata files (robots.ts is /robots.txt), by the path Next serves them at. */
const FILES = [
  '/[locale]/feed.xml',
  '/api/download/[token]/[file]',
  '/api/faqs',
  '/api/health',
  '/api/kindle/[token]',
  '/api/library/lookup',
  '/api/links/resend',
  '/api/locale',
  '/api/orders',
  '/api/orders/[id]/status',
  '/api/orders/form',
  '/api/payments/stripe/webhook',
  '/api/posts',
  '/api/posts/[id]',
  '/api/ready',
  '/api/terms-of-service',
  '/apple-icon.png',
  '/feed.xml',
  '/help.json',
  '/icon.svg',
  '/manifest.webmanifest',
  '/robots.txt',
  '/samples/[file]',
  '/sitemap.xml',
];

/** Files served as they are: public/'s folders (fonts/ and og/ the build writes), and the build's own. */
const STATIC = [
  '/fonts/[...file]',
  '/icons/[...file]',
  '/images/[...file]',
  '/og/[...file]',
  '/_next/static/[...file]',
  '/_next/[...path]',
];

/** Anything else: a path no route answers (Next's 404), or one the front door refused before routing. */
export const UNMATCHED = '[unmatched]';

export const ROUTE_PATTERNS: readonly string[] = [...PAGES, ...FILES, ...STATIC, UNMATCHED];

type Segment = { kind: 'static'; text: string } | { kind: 'dynamic' } | { kind: 'catch-all' };
type Compiled = { pattern: string; segments: Segment[] };

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function compile(pattern: string): Compiled {
  const segments = segmentsOf(pattern).map((text): Segment =>
    text.startsWith('[...')
      ? { kind: 'catch-all' }
      : text.startsWith('[')
        ? { kind: 'dynamic' }
        : { kind: 'static', text },
  );
  return { pattern, segments };
}

// As Next ranks them: segment by segment, a static name before a dynamic one before a catch-all.
const RANK = { static: 0, dynamic: 1, 'catch-all': 2 } as const;
function bySpecificity(a: Compiled, b: Compiled): number {
  for (let at = 0; at < Math.max(a.segments.length, b.segments.length); at += 1) {
    const left = a.segments[at];
    const right = b.segments[at];
    if (!left || !right) return left ? 1 : -1;
    if (RANK[left.kind] !== RANK[right.kind]) return RANK[left.kind] - RANK[right.kind];
  }
  return 0;
}

const compiled = (patterns: string[]) => patterns.map(compile).sort(bySpecificity);
const PAGE_ROUTES = compiled(PAGES);
const OTHER_ROUTES = compiled([...FILES, ...STATIC]);

function matches({ segments }: Compiled, parts: string[]): boolean {
  for (let at = 0; at < segments.length; at += 1) {
    const segment = segments[at]!;
    if (segment.kind === 'catch-all') return parts.length > at;
    if (at >= parts.length) return false;
    if (segment.kind === 'static' && segment.text !== parts[at]) return false;
  }
  return parts.length === segments.length;
}

/**
 * The route pattern of a request's path (its pathname, the query apart), as the front door and Next
 * route it: a page path (lib/security/url-guard.ts isPagePath) by its language-free path, under
 * /[locale]; anything else as it is.
 */
export function routePattern(pathname: string | undefined): string {
  if (pathname === undefined) return UNMATCHED;
  let parts = segmentsOf(pathname);
  const page = isPagePath(pathname);
  if (page) {
    if (isLocale(parts[0])) parts = parts.slice(1);
    parts = ['[locale]', ...parts];
  }
  for (const route of page ? PAGE_ROUTES : OTHER_ROUTES) if (matches(route, parts)) return route.pattern;
  return UNMATCHED;
}
