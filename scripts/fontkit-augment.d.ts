// What scripts/covers.mjs uses of @pdf-lib/fontkit that its declarations leave out (see fontkit's
// Path.js and TTFFont.layout).
export {};

declare module '@pdf-lib/fontkit' {
  interface Path {
    /** The drawing commands, in font units. */
    commands: { command: 'moveTo' | 'lineTo' | 'quadraticCurveTo' | 'bezierCurveTo' | 'closePath'; args: number[] }[];
  }
  interface Font {
    /** layout() with the script, language and direction to shape in (otherwise guessed from the text). */
    layout(
      string: string,
      features: TypeFeatures | (keyof TypeFeatures)[] | undefined,
      script: string | undefined,
      language: string | undefined,
      direction: 'ltr' | 'rtl',
    ): GlyphRun;
  }
}
