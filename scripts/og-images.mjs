// Builds the Open Graph / Twitter card images (1200×630 PNG, one per page type, and one per
// article of the embedded store, so a shared article is recognisable) from SVG with sharp, into
// public/og. Runs before `next build`; the output is not committed.
// Pages pick theirs in lib/seo/social.ts; articles in lib/seo/article-card.ts.
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const ROOT = process.cwd();
const OUT = join(ROOT, 'public', 'og');
const W = 1200;
const H = 630;

/** @param {string} file a path from the repository's root */
const asDataUri = (file) => `data:image/svg+xml;base64,${readFileSync(join(ROOT, file)).toString('base64')}`;
/** @param {string} text */
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const heart =
  '<path d="M20 31.5s-10.5-6.4-10.5-13.6c0-3.5 2.6-6.2 5.9-6.2 2 0 3.7 1 4.6 2.6.9-1.6 2.6-2.6 4.6-2.6 3.3 0 5.9 2.7 5.9 6.2 0 7.2-10.5 13.6-10.5 13.6z" fill="#fff"/>';

/**
 * The shared card: plum background, brand mark, a two-line headline and a picture on the right.
 * @param {{ eyebrow: string, lines: string[], picture: string, size?: number }} card
 */
function card({ eyebrow, lines, picture, size = 50 }) {
  const step = Math.round(size * 1.28);
  const headline = lines
    .map(
      (line, i) =>
        `<text x="80" y="${290 + i * step}" font-family="DejaVu Serif, Liberation Serif, serif" font-weight="700" font-size="${size}" fill="#f6eef7">${escape(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b1933"/><stop offset="1" stop-color="#4a1f3f"/></linearGradient>
    <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c2255c"/><stop offset="1" stop-color="#ff7a59"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#ff8a65" stop-opacity="0.45"/><stop offset="1" stop-color="#ff8a65" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="930" cy="320" r="330" fill="url(#glow)"/>
  <g transform="translate(80 80) scale(1.6)"><rect width="40" height="40" rx="12" fill="url(#mark)"/>${heart}</g>
  <text x="160" y="124" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700" font-size="40" fill="#ffffff">Amora</text>
  <text x="80" y="220" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" letter-spacing="3" fill="#ffb59e">${escape(eyebrow.toUpperCase())}</text>
  ${headline}
  <rect x="80" y="${300 + lines.length * step}" width="96" height="6" rx="3" fill="#ff8a65"/>
  ${picture}
</svg>`;
}

/** @param {string} file */
const phone = (file) =>
  `<g transform="translate(800 70) rotate(6 160 245)"><rect x="-10" y="-10" width="300" height="600" rx="44" fill="#120b16"/><image x="0" y="0" width="280" height="580" preserveAspectRatio="xMidYMid slice" xlink:href="${asDataUri(file)}" href="${asDataUri(file)}"/></g>`;

/** @param {string} file an SVG cover, drawn as the book stands */
const cover = (file) =>
  `<image x="820" y="60" width="340" height="510" xlink:href="${asDataUri(file)}" href="${asDataUri(file)}"/>`;

/** @type {Record<string, { eyebrow: string, lines: string[], screen?: string, cover?: string }>} one card per page type (content/og-cards.json) */
const pageCards = JSON.parse(readFileSync(join(ROOT, 'content', 'og-cards.json'), 'utf8'));
/** @type {Record<string, string>} card images by name (a path under public/og, without .png) */
const images = Object.fromEntries(
  Object.entries(pageCards).map(([name, { eyebrow, lines, screen, cover: book }]) => {
    const picture = book ? cover(book) : screen ? phone(screen) : undefined;
    if (!picture) throw new Error(`content/og-cards.json: "${name}" needs a screen or a cover`);
    return [name, card({ eyebrow, lines, picture })];
  }),
);

/**
 * A title broken into at most four lines of about `width` characters, the last cut with an ellipsis.
 * @param {string} title
 */
function wrapTitle(title, width = 21, max = 4) {
  /** @type {string[]} */
  const lines = [];
  for (const word of title.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= max ? lines : [...lines.slice(0, max - 1), `${lines[max - 1]}…`];
}

// Every article of the embedded store (content/posts, French in content/posts/fr): its category,
// its title and its own cover picture.
const POSTS = join(ROOT, 'content', 'posts');
const articles = [
  ...readdirSync(POSTS)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ file: join(POSTS, f), out: join('posts', f.replace(/\.json$/, '.png')) })),
  ...readdirSync(join(POSTS, 'fr'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ file: join(POSTS, 'fr', f), out: join('posts', 'fr', f.replace(/\.json$/, '.png')) })),
];
for (const { file, out } of articles) {
  /** @type {{ title: string, media?: string[], category?: { name: string } }} what the cards use of a post */
  const post = JSON.parse(readFileSync(file, 'utf8'));
  const cover =
    post.media?.[0] && existsSync(join(ROOT, 'public', post.media[0]))
      ? join('public', post.media[0])
      : 'public/images/blog/hero.svg';
  images[out.replace(/\.png$/, '')] = card({
    eyebrow: (post.category?.name ?? 'The Amora blog').replace(/-/g, ' '),
    lines: wrapTitle(post.title),
    size: 40,
    picture: `<g transform="translate(730 190)"><rect x="-12" y="-12" width="414" height="256" rx="28" fill="#120b16" opacity="0.55"/><image x="0" y="0" width="390" height="232" preserveAspectRatio="xMidYMid slice" xlink:href="${asDataUri(cover)}" href="${asDataUri(cover)}"/></g>`,
  });
}

mkdirSync(join(OUT, 'posts', 'fr'), { recursive: true });
for (const [name, svg] of Object.entries(images)) {
  writeFileSync(
    join(OUT, `${name}.png`),
    await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer(),
  );
}
console.log(
  `og: wrote ${Object.keys(images).length} card images to public/og (${articles.length} of them for articles)`,
);
