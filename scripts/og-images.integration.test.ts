import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

describe('og-images.mjs', () => {
  // Thirty-odd cards: a few seconds of sharp on a busy machine.
  beforeAll(() => {
    execFileSync('node', ['scripts/og-images.mjs']);
  }, 120_000);

  it('writes a 1200×630 PNG card for every page type', async () => {
    for (const name of ['home', 'ebook', 'blog', 'help', 'default']) {
      const meta = await sharp(join(process.cwd(), 'public', 'og', `${name}.png`)).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['png', 1200, 630]);
    }
  });

  it('writes a card of its own for every article of the embedded store, English and French', async () => {
    const posts = join(process.cwd(), 'content', 'posts');
    const ids = [
      ...readdirSync(posts)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, '')),
      ...readdirSync(join(posts, 'fr'))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `fr/${f.replace(/\.json$/, '')}`),
    ];
    expect(ids.length).toBeGreaterThan(14);
    const sizes = new Set<number>();
    for (const id of ids) {
      const file = join(process.cwd(), 'public', 'og', 'posts', `${id}.png`);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height], id).toEqual(['png', 1200, 630]);
      sizes.add(statSync(file).size);
    }
    // Each card carries its own title and picture: no two articles share one image.
    expect(sizes.size).toBe(ids.length);
  });
});
