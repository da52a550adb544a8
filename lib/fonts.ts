import localFont from 'next/font/local';

// The brand's display face, Fraunces, self-hosted from @fontsource (next/font/google needs the network
// at build time). Body text uses each platform's own UI font (see --font-body in app/globals.css):
// it reads well everywhere and costs no download on a slow connection.
// The Latin Extended subset is its own family, limited by unicode-range and listed first in the
// font stack: the browser downloads it only for pages with such characters (Polish, say), and
// everything else falls through to the preloaded basic Latin file.
// (next/font options must be literals, so the unicode-range is written out in full.)

// Headings are often the LCP element. 'optional' paints them once: in Fraunces when it is already
// cached (every page after the first), else in the metric-matched serif, never re-laying out the
// page when the font arrives ('swap' did, a long task on a slow phone). It is not preloaded: the
// preload competed with the stylesheets and scripts on a slow connection, and made the headline
// wait for the font.
const display = localFont({
  src: '../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-display',
  display: 'optional',
  preload: false,
  adjustFontFallback: 'Times New Roman',
  fallback: ['Georgia', 'Times New Roman', 'serif'],
});

const displayExtended = localFont({
  src: '../node_modules/@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2',
  weight: '100 900',
  variable: '--font-display-ext',
  display: 'optional',
  preload: false,
  adjustFontFallback: false,
  fallback: [],
  declarations: [
    {
      prop: 'unicode-range',
      value:
        'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
    },
  ],
});

export const fontVariables = [display, displayExtended].map((font) => font.variable).join(' ');
