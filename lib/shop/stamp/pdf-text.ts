/**
 * The PDF uses the standard fonts, which encode WinAnsi (Latin-1 plus typographic quotes,
 * dashes, €, œ …). Text is mapped into that set: narrow spaces become spaces, accents that
 * cannot be encoded are dropped, and anything else becomes '?', so no input can break a PDF.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

export function encodable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

export function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text.replace(/[\u2000-\u200a\u202f\u205f]/g, ' ').replace(/[\u200b-\u200d\u2060\ufeff]/g, '')) {
    if (encodable(char)) out += char;
    else if (char === '\n' || char === '\t') out += ' ';
    else {
      const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += [...base].every(encodable) && base ? base : '?';
    }
  }
  return out;
}
