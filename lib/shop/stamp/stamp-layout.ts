import { licenceText, type Buyer } from './licence';

/**
 * Where the licence line's words go at the foot of a page, whatever the name and email (up to 100 and
 * 254 characters, in any script): one line at 7 pt as ever when it fits (down to 6 pt), else two lines,
 * else three, at 7 to 5 pt; only past that is the email shortened in its middle, visibly (…), then the
 * name. The order id is never cut, so every page names its order. `measureWord` gives the width at 1 pt
 * of a word or a run of spaces as it will be drawn (shaped); a line's is the sum of its words', each
 * shaped once however often the line is tried (shaping whole lines took seconds for the widest).
 */
export type StampLayout = { size: number; lines: string[] };
type Measure = (line: string) => Promise<number>;

export const STAMP_SIZE = 7;
const SMALLEST_SINGLE = 6;
// [lines, size], tried in order: bigger type before more lines, no more than three lines under the folio.
const WRAPPED: [number, number][] = [
  [2, 7],
  [2, 6.5],
  [2, 6],
  [3, 6],
  [3, 5.5],
  [3, 5],
];
const [MOST_LINES, SMALLEST] = WRAPPED.at(-1)!;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string) => [...segmenter.segment(text)];
const withoutSpaces = (text: string) => text.replace(/^ +| +$/g, '');

/** The largest of `candidates` (ascending) for which `fits` holds, or undefined if none does: fits is monotonic. */
async function largest<T>(candidates: T[], fits: (candidate: T) => Promise<boolean>): Promise<T | undefined> {
  let [low, high, found] = [0, candidates.length - 1, undefined as T | undefined];
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (await fits(candidates[middle]!)) [found, low] = [candidates[middle], middle + 1];
    else high = middle - 1;
  }
  return found;
}

/**
 * The line broken into at most `most` lines of at most `room` (at 1 pt), or undefined. Breaks at
 * spaces; a word wider than a whole line (a long address, a long name in a script written without
 * spaces) also between any two of its characters, as a browser's `overflow-wrap: anywhere` does.
 */
async function wrap(text: string, room: number, most: number, measure: Measure): Promise<string[] | undefined> {
  const lines: string[] = [];
  let rest = withoutSpaces(text);
  while (rest) {
    if (lines.length === most) return undefined;
    if ((await measure(rest)) <= room) return [...lines, rest];
    const cuts: number[] = [];
    for (const word of rest.matchAll(/[^ ]+/g)) {
      if ((await measure(word[0])) > room)
        for (const char of graphemes(word[0]).slice(1)) cuts.push(word.index + char.index);
      cuts.push(word.index + word[0].length);
    }
    const fits = async (cut: number) => (await measure(withoutSpaces(rest.slice(0, cut)))) <= room;
    // At least one character a line, so the next line always starts further on.
    const cut = (await largest(cuts, fits)) ?? graphemes(rest)[1]?.index ?? rest.length;
    lines.push(withoutSpaces(rest.slice(0, cut)));
    rest = withoutSpaces(rest.slice(cut));
  }
  return lines;
}

/** `keep` characters of the value, half from each end, with an ellipsis between when some are left out. */
function shortened(value: string, keep: number): string {
  const chars = graphemes(value).map((g) => g.segment);
  if (keep >= chars.length) return value;
  return `${chars.slice(0, Math.ceil(keep / 2)).join('')}…${chars.slice(chars.length - Math.floor(keep / 2)).join('')}`;
}

export async function layoutStamp(
  template: string,
  buyer: Buyer,
  maxWidth: number,
  measureWord: Measure,
): Promise<StampLayout> {
  const widths = new Map<string, Promise<number>>();
  const word: Measure = (text) => {
    let width = widths.get(text);
    if (!width) widths.set(text, (width = measureWord(text)));
    return width;
  };
  const measure: Measure = async (line) => {
    let width = 0;
    for (const part of line.split(/( +)/)) if (part) width += await word(part);
    return width;
  };
  const line = (who: Buyer) => licenceText(template, who).replace(/[\n\t]/g, ' ');
  const whole = withoutSpaces(line(buyer));
  const width = await measure(whole);
  if (width * SMALLEST_SINGLE <= maxWidth) return { size: Math.min(STAMP_SIZE, maxWidth / width), lines: [whole] };
  for (const [most, size] of WRAPPED) {
    const lines = await wrap(whole, maxWidth / size, most, measure);
    if (lines) return { size, lines };
  }
  // Too long even in three lines at the smallest size: the email gives way first, then the name.
  const smallest = (who: Buyer) => wrap(line(who), maxWidth / SMALLEST, MOST_LINES, measure);
  let who = buyer;
  for (const field of ['email', 'name'] as const) {
    const keeps = Array.from({ length: graphemes(buyer[field]).length }, (_, keep) => keep);
    const keep = await largest(keeps, async (k) =>
      Boolean(await smallest({ ...who, [field]: shortened(buyer[field], k) })),
    );
    who = { ...who, [field]: shortened(buyer[field], keep ?? 0) };
    const lines = await smallest(who);
    if (lines) return { size: SMALLEST, lines };
  }
  // Not reached with the shop's templates (each fits in a line with an empty name and email); were it
  // reached, every line of it is still drawn.
  return { size: SMALLEST, lines: (await wrap(line(who), maxWidth / SMALLEST, Infinity, measure))! };
}
