import bidiFactory from 'bidi-js';

/**
 * A stamp line put in visual order by the Unicode Bidirectional Algorithm (bidi-js), in a paragraph
 * of the edition's direction: the Arabic stamp is a right-to-left line holding left-to-right pieces
 * (the email, the order id), which a hand-made order set the wrong way round.
 */
const bidi = bidiFactory();

export type Piece<F> = { text: string; face: F; rtl: boolean };

/**
 * The line cut where the face or the embedding level changes, the pieces left to right as drawn.
 * A right-to-left piece keeps its text in reading order (its shaper lays it out right to left); a
 * mirrored character in it (brackets, < and >) is given as its mirror when `mirror` is set, for
 * pieces no shaper will mirror.
 */
export function visualPieces<F>(
  runs: { text: string; face: F }[],
  direction: 'ltr' | 'rtl',
  mirror: (face: F) => boolean,
): Piece<F>[] {
  const line = runs.map((run) => run.text).join('');
  const embedding = bidi.getEmbeddingLevels(line, direction);
  const mirrored = bidi.getMirroredCharactersMap(line, embedding.levels);
  const pieces: (Piece<F> & { start: number })[] = [];
  let at = 0;
  for (const run of runs) {
    for (let i = 0; i < run.text.length; i += 1, at += 1) {
      const rtl = embedding.levels[at]! % 2 === 1;
      const char = (mirror(run.face) && mirrored.get(at)) || line[at]!;
      const last = pieces.at(-1);
      // A new piece where the face or level changes (a level change, not just a direction change:
      // a left-to-right number inside a left-to-right name inside Arabic is ordered on its own).
      if (last && i > 0 && embedding.levels[at - 1] === embedding.levels[at]) last.text += char;
      else pieces.push({ text: char, face: run.face, rtl, start: at });
    }
  }
  // Each piece is one level and one face, so its characters stand together in visual order.
  const visual = bidi.getReorderedIndices(line, embedding);
  const place = new Map(visual.map((index, position) => [index, position]));
  return pieces
    .map((piece) => ({ piece, place: place.get(piece.start)! }))
    .sort((a, b) => a.place - b.place)
    .map(({ piece: { text, face, rtl } }) => ({ text, face, rtl }));
}
