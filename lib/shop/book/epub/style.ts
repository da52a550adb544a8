/**
 * The EPUB's one stylesheet. Sizes in em and %, so the reader's own font size and margins win;
 * colours only where the reader has not chosen a theme (dark mode keeps the reader's colours);
 * the page-break markers are empty spans, present for assistive technology and never seen.
 */
export function epubStyle(faces: { family?: string; files: { file: string; weight: number }[] }): string {
  const fontFaces = faces.files
    .map(
      ({ file, weight }) =>
        `@font-face { font-family: '${faces.family}'; font-weight: ${weight}; font-style: normal; src: url(fonts/${file}) format('woff2') }`,
    )
    .join('\n');
  const family = faces.family ? `'${faces.family}', ` : '';
  return `${fontFaces}
body { font-family: ${family}serif; line-height: 1.5; margin: 0 5%; orphans: 2; widows: 2; line-break: strict; overflow-wrap: break-word }
:lang(ko) { word-break: keep-all }
h1, h2, h3, .eyebrow, .day-label, .title-brand, .title-edition { font-family: ${family}sans-serif }
h1 { font-size: 1.6em; line-height: 1.25; margin: 1.5em 0 0.9em; break-before: page; page-break-before: always }
h2 { font-size: 1.2em; line-height: 1.3; margin: 1.6em 0 0.5em; break-after: avoid; page-break-after: avoid }
h3 { font-size: 1em; margin: 0 0 0.3em; break-after: avoid; page-break-after: avoid }
p { margin: 0 0 0.75em }
.eyebrow { margin: 2em 0 -0.6em; font-size: 0.8em; font-weight: bold; letter-spacing: 0.1em; text-transform: uppercase; color: #b0234f }
h1 + hr { width: 3em; margin: -0.3em 0 1.4em; border: 0; border-top: 0.15em solid #f2b84b }
.lead, .title-subtitle { font-style: italic }
:lang(ar) .lead, :lang(bn) .lead, :lang(th) .lead, :lang(ja) .lead, :lang(ko) .lead, :lang(zh-CN) .lead { font-style: normal; opacity: 0.85 }
:lang(ar) .title-subtitle, :lang(bn) .title-subtitle, :lang(th) .title-subtitle, :lang(ja) .title-subtitle, :lang(ko) .title-subtitle, :lang(zh-CN) .title-subtitle { font-style: normal }
.exercise { margin: 1em 0 1.2em; padding-inline-start: 0.9em; border-inline-start: 0.2em solid #b0234f }
.exercise h3 { color: #b0234f }
.exercise ol { margin: 0; padding-inline-start: 1.4em }
.exercise li { margin-bottom: 0.3em }
ol.days { list-style: none; margin: 0; padding: 0 }
ol.days li { margin: 0 0 0.9em }
.day-label { margin: 0; font-size: 0.8em; font-weight: bold; color: #b0234f }
.day-title { margin: 0; font-weight: bold }
.day-task { margin: 0 }
nav ol { list-style: none; padding-inline-start: 0 }
nav ol ol { padding-inline-start: 1.2em; font-size: 0.95em }
nav li { margin: 0.35em 0 }
nav a { text-decoration: none }
.titlepage { text-align: center; margin-top: 15% }
.titlepage h1 { font-size: 2em; break-before: auto; page-break-before: auto; margin-bottom: 0.4em }
.title-subtitle { font-size: 1.15em }
.title-brand { margin-top: 3em; letter-spacing: 0.3em; font-weight: bold; color: #b0234f }
.title-edition { font-size: 0.85em; letter-spacing: 0.1em; text-transform: uppercase }
.licence { margin-top: 4em; font-size: 0.8em }
.cover { margin: 0; padding: 0; text-align: center }
.cover img { max-width: 100%; max-height: 100vh; height: auto }
.tracker-days li { margin: 0 0 0.4em }
@media (prefers-color-scheme: dark) {
  .eyebrow, .exercise h3, .day-label, .title-brand { color: #ff8fb1 }
  .exercise { border-color: #ff8fb1 }
}
`;
}
