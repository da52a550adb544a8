// Lighthouse's filmstrip of a load (its screenshot-thumbnails: { timing, data }) as one PNG, the
// frames side by side with their time under each, so a reader can see when the first paint came
// (each framed: a blank frame is white).
import sharp from 'sharp';

/** @typedef {import('./lib.mjs').Frame} Frame */

const HEIGHT = 240;
const CAPTION = 28;

/**
 * @param {Frame[] | undefined} frames
 * @param {string} file the PNG to write
 * @param {string} title
 */
export async function writeFilmstrip(frames, file, title) {
  if (!frames?.length) return;
  const images = await Promise.all(
    // data is a data URL, `data:image/jpeg;base64,BYTES`.
    frames.map(async ({ data }) =>
      sharp(Buffer.from(/** @type {string} */ (data.split(',')[1]), 'base64'))
        .resize({ height: HEIGHT - 2 })
        .extend({ top: 1, bottom: 1, left: 1, right: 1, background: '#c9c2cc' })
        .png()
        .toBuffer({ resolveWithObject: true }),
    ),
  );
  const width = images.reduce((sum, { info }) => sum + info.width + 8, 8);
  const composite = [{ input: Buffer.from(svgText(title, width, 18, 'start', 8)), top: 0, left: 0 }];
  let left = 8;
  for (const [i, { data, info }] of images.entries()) {
    const frame = /** @type {Frame} */ (frames[i]);
    composite.push({ input: data, top: CAPTION, left });
    composite.push({
      input: Buffer.from(svgText(`${(frame.timing / 1000).toFixed(1)} s`, info.width, 16, 'middle')),
      top: CAPTION + HEIGHT + 4,
      left,
    });
    left += info.width + 8;
  }
  await sharp({ create: { width, height: CAPTION * 2 + HEIGHT + 8, channels: 3, background: '#ffffff' } })
    .composite(composite)
    .png()
    .toFile(file);
}

/**
 * One line of text as an SVG `width` wide, placed by its anchor.
 * @param {string} text
 * @param {number} width
 * @param {number} size font size
 * @param {'start' | 'middle'} anchor
 */
function svgText(text, width, size, anchor, x = anchor === 'middle' ? width / 2 : 0) {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${CAPTION}"><text x="${x}" y="${size + 4}" font-family="sans-serif" font-size="${size}" text-anchor="${anchor}" fill="#1f1a24">${escaped}</text></svg>`;
}
