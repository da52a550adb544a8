// Renders the PNG app icons from app/icon.svg with sharp (run after changing the logo):
//   node scripts/make-icons.mjs
import sharp from 'sharp';
import { readFileSync } from 'node:fs';

const svg = readFileSync('app/icon.svg');
// Apple touch icons are shown on a square, so the tile fills the whole canvas.
const square = Buffer.from(svg.toString().replace('rx="12"', 'rx="0"'));
await sharp(square, { density: 600 }).resize(180, 180).png().toFile('app/apple-icon.png');
for (const size of [192, 512]) {
  await sharp(svg, { density: 600 }).resize(size, size).png().toFile(`public/icons/icon-${size}.png`);
}
console.log('icons written');
