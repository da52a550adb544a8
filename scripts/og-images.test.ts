import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

describe('og-images.mjs', () => {
  it('writes a 1200×630 PNG card for every page type', async () => {
    execFileSync('node', ['scripts/og-images.mjs']);
    for (const name of ['home', 'ebook', 'blog', 'help', 'default']) {
      const meta = await sharp(join(process.cwd(), 'public', 'og', `${name}.png`)).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['png', 1200, 630]);
    }
  });
});
