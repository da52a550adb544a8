/**
 * The page first, then its JavaScript. Next writes its client chunks as `<script async>` (and a
 * preload or two) at the top of the head, so a phone downloads ~160 KB of JavaScript alongside
 * the document, stylesheets, display font and hero picture, and runs each chunk the moment it
 * arrives, before the first paint if it can. Nothing needs them to paint: every page is
 * server-rendered and works without JavaScript; the islands only hydrate what is already there.
 *
 * So a served document requests its chunks once it is parsed (DOMContentLoaded) or has painted,
 * whichever comes first. On a slow connection the document, stylesheets, font and pictures have
 * the bandwidth to themselves until then, and the content shows sooner. The chunks still load
 * before the window's `load` event (scripts added before it delay it), so anything that waits for
 * `load`, such as a test runner's page.goto, still finds the page hydrating as it did before.
 * A tab that is not visible paints nothing, so there the chunks load at once.
 */

// Only Next's own chunk files; `noModule` polyfills and inline scripts stay as they are.
const CHUNK_SCRIPT = /<script\b(?=[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)")(?=[^>]*\basync="")(?![^>]*\bnoModule)[^>]*><\/script>/g;
const CHUNK_PRELOAD = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")(?=[^>]*\bhref="\/_next\/static\/[^"]+\.js")[^>]*\/?>/g;
const SLOT = '\u0000loader\u0000';

/** The loader, inline so it runs while the head is parsed; `data-src` lists the chunks in document order. */
function loader(nonce: string, sources: string[]): string {
  const code =
    "(function(){var s=document.currentScript,n=s.nonce,u=JSON.parse(s.getAttribute('data-src')),d=0;" +
    "function go(){if(d)return;d=1;for(var i=0;i<u.length;i++){var e=document.createElement('script');e.src=u[i];e.async=true;e.nonce=n;document.head.appendChild(e)}}" +
    "if(document.readyState!=='loading'||document.visibilityState!=='visible'){go();return}" +
    "document.addEventListener('DOMContentLoaded',go);" +
    'var P=window.PerformanceObserver;' +
    "if(P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0)new P(function(l,o){if(l.getEntries().length){o.disconnect();go()}}).observe({type:'paint',buffered:true})})()";
  const list = JSON.stringify(sources).replace(/"/g, '&quot;');
  return `<script nonce="${nonce}" data-src="${list}">${code}</script>`;
}

/** The document with its chunk scripts requested once it is parsed or has painted. */
export function scriptsAfterContent(html: string, nonce: string): string {
  const sources: string[] = [];
  const rewritten = html.replace(CHUNK_SCRIPT, (tag, src: string) => {
    if (!tag.includes(`nonce="${nonce}"`)) return tag;
    // The loader goes where the first chunk script stood: in the head, before any of the body.
    const slot = sources.length ? '' : SLOT;
    if (!sources.includes(src)) sources.push(src);
    return slot;
  });
  if (!sources.length) return html;
  return rewritten.replace(CHUNK_PRELOAD, (tag) => (tag.includes(`nonce="${nonce}"`) ? '' : tag)).replace(SLOT, loader(nonce, sources));
}
