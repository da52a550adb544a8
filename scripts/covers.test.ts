import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const editions: { id: string }[] = JSON.parse(readFileSync(join(ROOT, 'content', 'shop', 'editions.json'), 'utf8'));

describe('covers (scripts/covers.mjs)', () => {
  it.each(editions.map((e) => e.id))('%s: a 600×900 SVG with a <title> and no font-dependent text', async (id) => {
    const file = join(ROOT, 'public', 'images', 'covers', `${id}.svg`);
    expect(existsSync(file), `${file} exists`).toBe(true);

    const meta = await sharp(file).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', 600, 900]);

    const svg = readFileSync(file, 'utf8');
    expect(svg).toMatch(/<title>The Love Blueprint – [^<]+<\/title>/);
    // Text outside ASCII needs a font the viewer may not have: it must be drawn as outlines.
    const texts = [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => m[1] ?? '');
    expect(texts.filter((text) => /[^\x00-\x7f]/.test(text))).toEqual([]);
  });
});
