import type { Post } from '@/lib/content/schemas';
import type { Locale } from '@/lib/i18n/locales';
import { localizePath } from '@/lib/i18n/paths';
import { htmlToText } from '@/lib/security/sanitize-html';
import { categoryLabel } from './listing';

/**
 * The blog as an Atom feed (RFC 4287), one per language: what a feed reader gets at /feed.xml
 * (English) or /fr/feed.xml. Pure: the route (lib/blog/feed-response.ts) hands it the posts the
 * language's blog page lists and the feed's texts, already translated.
 */
export const FEED_MEDIA_TYPE = 'application/atom+xml';
export const FEED_CONTENT_TYPE = `${FEED_MEDIA_TYPE}; charset=utf-8`;

/** Where a language's feed lives: English at the bare path, every other language under its prefix. */
export function feedPath(locale: Locale): string {
  return localizePath('/feed.xml', locale);
}

export type FeedInput = {
  /** The site's public origin (SITE_URL), without a trailing slash. */
  siteUrl: string;
  locale: Locale;
  brand: string;
  /** The `feed` messages in the feed's language. */
  text: { title: string; subtitle: string; englishOnly: string };
  /** Category names in the feed's language (`blog.categories`), by slug. */
  categories: Readonly<Record<string, string>>;
  /** The posts the language's blog page lists, newest first. */
  posts: readonly Post[];
  /** The language a post is written in for this locale: its own when translated, else English. */
  languageOf: (id: string) => string;
  /** The feed's `updated` when there is no post to take it from. */
  now?: Date;
};

export function atomFeed({
  siteUrl,
  locale,
  brand,
  text,
  categories,
  posts,
  languageOf,
  now = new Date(),
}: FeedInput): string {
  const url = (path: string) => `${siteUrl}${localizePath(path, locale)}`;
  const self = `${siteUrl}${feedPath(locale)}`;
  const dates = posts.map((post) => Date.parse(post.updated_at));
  const updated = new Date(dates.length ? Math.max(...dates) : now.getTime()).toISOString();

  const entries = posts.map((post) => {
    const link = url(`/blog/${encodeURIComponent(post.id)}`);
    const language = languageOf(post.id);
    // An article not translated yet is listed on the language's blog in English (with a note, as
    // its page has): its title and text are marked English, the note is in the feed's language.
    const foreign = language !== locale;
    const lang = foreign ? ` xml:lang="${escapeXml(language)}"` : '';
    const summary = foreign
      ? `<summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>${escapeXml(text.englishOnly)}</p><p${lang}>${escapeXml(excerpt(post.content))}</p></div></summary>`
      : `<summary type="text">${escapeXml(excerpt(post.content))}</summary>`;
    const category = post.category?.name
      ? `\n    <category term="${escapeXml(post.category.name)}" label="${escapeXml(categoryLabel(post.category.name, categories))}"/>`
      : '';
    return `  <entry>
    <id>${escapeXml(link)}</id>
    <title type="text"${lang}>${escapeXml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>
    <updated>${new Date(post.updated_at).toISOString()}</updated>${category}
    ${summary}
  </entry>`;
  });

  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(locale)}">
  <id>${escapeXml(self)}</id>
  <title type="text">${escapeXml(text.title)}</title>
  <subtitle type="text">${escapeXml(text.subtitle)}</subtitle>
  <updated>${updated}</updated>
  <link rel="self" type="${FEED_MEDIA_TYPE}" href="${escapeXml(self)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(url('/blog'))}"/>
  <author>
    <name>${escapeXml(brand)}</name>
    <uri>${escapeXml(url('/'))}</uri>
  </author>
  <icon>${escapeXml(`${siteUrl}/apple-icon.png`)}</icon>
${entries.join('\n')}
</feed>
`;
}

/** A post's text cut at a word near 300 characters: enough for a reader to decide to open it. */
export function excerpt(html: string, max = 300): string {
  const text = htmlToText(html);
  return text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * Text for XML content and attribute values: the five special characters escaped, and the
 * characters XML 1.0 forbids (controls, lone surrogates, U+FFFE/U+FFFF) dropped, so a post from a
 * remote backend can never make the feed ill-formed.
 */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
