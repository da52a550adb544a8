import type { BookFonts } from './fonts';
import type { BookLabels } from './layout';
import { numbered } from './layout';
import type { Manuscript } from './manuscript';

/**
 * The book as one HTML document for Chromium to print: the cover, an empty contents page and
 * tracker (filled once the body's pages are known), and #flow, where paginate.ts pours the
 * body. Sizes are in points on A4; the body size and leading are CSS variables the fitting sets.
 */
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export type BookPageInput = {
  book: Manuscript;
  labels: BookLabels;
  lang: string;
  dir: 'ltr' | 'rtl';
  fonts: BookFonts;
  brand: string;
};

export function bookHtml({ book, labels, lang, dir, fonts, brand }: BookPageInput): string {
  const days = book.challenge.days
    .map(
      (day) =>
        `<div class="cell"><p class="cell-day">${escape(numbered(labels.day, day.day))}</p><p class="cell-title">${escape(day.title)}</p><span class="tick"></span></div>`,
    )
    .join('');
  return `<!doctype html><html lang="${escape(lang)}" dir="${dir}"><head><meta charset="utf-8"><title>${escape(book.title)}</title><style>
${fonts.css}
@page { size: A4; margin: 0 }
:root { --size: 11.5pt; --leading: 1.5; --plum: #2b1933; --rose: #b0234f; --ink: #1f1a24; --soft: #4d4456; --line: #eadfe3; --cream: #fff8f5; --gold: #f2b84b }
* { box-sizing: border-box; margin: 0; padding: 0 }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact }
body { font-family: ${fonts.serif}; color: var(--ink); font-kerning: normal; line-break: strict; overflow-wrap: break-word }
html[lang="ko"] body { word-break: keep-all }
.page { position: relative; width: 210mm; height: 297mm; overflow: hidden; break-after: page; background: #fff }
.body { position: absolute; top: 72pt; bottom: 80pt; inset-inline: 68pt; font-size: var(--size); line-height: var(--leading); text-align: start; display: flow-root }
.folio { position: absolute; bottom: 34pt; inset-inline: 0; text-align: center; font: 9pt ${fonts.sans}; color: var(--soft) }
p { margin-bottom: 0.6em }
p.cont { text-indent: 0 }
.lead { color: var(--soft); ${fonts.hasItalic ? 'font-style: italic' : ''} }
.chapter-start { padding-top: 30pt; margin-bottom: 10pt }
.eyebrow { font: 700 10pt ${fonts.sans}; letter-spacing: 0.12em; text-transform: uppercase; color: var(--rose); margin-bottom: 12pt }
h1 { font: 700 26pt/1.25 ${fonts.display}; color: var(--plum) }
.rule { border: 0; height: 2pt; width: 60pt; background: var(--gold); margin-top: 14pt }
h2 { font: 700 calc(var(--size) + 3pt)/1.35 ${fonts.sans}; color: var(--plum); margin: 0.9em 0 0.35em }
.exercise { border-inline-start: 3pt solid var(--rose); padding-inline-start: 13pt; margin: 0.4em 0 1em }
.exercise-title { font: 700 var(--size) / var(--leading) ${fonts.sans}; color: var(--rose); margin-bottom: 0.2em }
.exercise ol { padding-inline-start: 1.4em }
.day { display: flex; gap: 12pt; margin-bottom: 0.55em }
.day-label { flex: 0 0 58pt; font: 700 calc(var(--size) - 1pt) / var(--leading) ${fonts.sans}; color: var(--rose); margin: 0 }
.day-text { flex: 1 }
.day-title { font: 700 var(--size) / var(--leading) ${fonts.sans}; color: var(--plum); margin: 0 }
.day-task { margin: 0 }
.cover { background: var(--plum); color: var(--cream); text-align: center }
.cover::before { content: ''; position: absolute; inset: 0; background-image: linear-gradient(rgba(242,184,75,.16) 0.6pt, transparent 0.6pt), linear-gradient(90deg, rgba(242,184,75,.16) 0.6pt, transparent 0.6pt); background-size: 49.6pt 70.2pt }
.cover svg { position: absolute; top: 170pt; left: 50%; transform: translateX(-50%) }
.cover-title { position: absolute; top: 500pt; inset-inline: 40pt; font: 700 40pt/1.1 'Fraunces', 'Noto Serif', serif; direction: ltr }
.cover-subtitle { position: absolute; top: 556pt; inset-inline: 60pt; font: ${fonts.hasItalic ? 'italic ' : ''}15pt/1.4 ${fonts.serif}; color: #ffd4c4 }
.cover-brand { position: absolute; bottom: 62pt; inset-inline: 0; font: 700 11pt ${fonts.sans}; letter-spacing: 0.3em; color: var(--gold) }
.cover-edition { position: absolute; bottom: 44pt; inset-inline: 0; font: 8pt ${fonts.sans}; letter-spacing: 0.16em; text-transform: uppercase }
.contents h1, .tracker h1 { font-size: 28pt; margin-bottom: 30pt }
.toc { list-style: none }
.toc li { display: flex; gap: 16pt; align-items: baseline; font-size: 12.5pt; line-height: 1.35; padding: 6pt 0; border-bottom: 0.6pt solid var(--line) }
.toc .title { flex: 1 }
.toc .number { color: var(--rose); font-variant-numeric: tabular-nums }
.tracker h1 { margin-bottom: 10pt }
.tracker-intro { font-size: 11pt; line-height: 1.4; color: var(--soft); margin-bottom: 16pt; ${fonts.hasItalic ? 'font-style: italic' : ''} }
.grid { display: grid; grid-template-columns: repeat(5, 1fr); gap: 8pt }
.cell { position: relative; height: 82pt; border: 1pt solid var(--line); padding: 7pt 8pt; overflow: hidden }
.cell-day { font: 700 9pt ${fonts.sans}; color: var(--rose); margin-bottom: 4pt }
.cell-title { font: 7.5pt/1.3 ${fonts.sans}; color: var(--soft); display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden }
.tick { position: absolute; bottom: 8pt; inset-inline-end: 8pt; width: 14pt; height: 14pt; border: 1pt solid var(--rose); border-radius: 50% }
.notes-lines { height: 560pt; background-image: linear-gradient(transparent calc(28pt - 0.6pt), var(--line) calc(28pt - 0.6pt)); background-size: 100% 28pt }
</style></head><body>
<section class="page cover">
<svg width="240" height="240" viewBox="-120 -120 240 240" aria-hidden="true"><g fill="none" stroke="#f2b84b" stroke-linejoin="round"><path d="M0 84 C -126 0 -84 -112 0 -49 C 84 -112 126 0 0 84 Z" stroke-width="3.5"/><path d="M-110 98 H110" stroke-width="1"/><circle r="104" stroke-width="0.8" stroke-dasharray="3 5" opacity=".6"/></g></svg>
<p class="cover-title">${escape(book.title)}</p>
<p class="cover-subtitle">${escape(book.subtitle)}</p>
<p class="cover-brand">${escape(brand.toUpperCase())}</p>
<p class="cover-edition">${escape(labels.edition)}</p>
</section>
<section class="page contents"><div class="body"><h1>${escape(labels.contents)}</h1><ol class="toc"></ol></div><footer class="folio">2</footer></section>
<div id="flow"></div>
<div id="notes"></div>
<section class="page tracker"><div class="body"><h1>${escape(labels.tracker)}</h1><p class="tracker-intro">${escape(labels.trackerIntro)}</p><div class="grid">${days}</div></div><footer class="folio"></footer></section>
</body></html>`;
}
