// A content backend that follows the content API's contract (lib/content/remote.ts) but serves
// XSS payloads in every HTML field, so the e2e suite can prove nothing it sends ever runs.
//   node e2e/support/hostile-backend.mjs [port]
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 3199);

export const payloads = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss=\'img\'">',
  '<svg onload="window.__xss=\'svg\'"><circle r="1"/></svg>',
  '<a href="javascript:window.__xss=\'link\'">hostile link</a>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '<p onclick="window.__xss=\'click\'" style="position:fixed;inset:0">click trap</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=\'noscript\'>">',
];

// Covers that look like paths on the site but name another host as a browser reads them (a JSON
// string of a list, as the contract allows, and lists): none may become the page's og:image.
const offSiteCovers = [
  JSON.stringify(['/\\evil.example/cover.png']),
  ['/\\evil.example/cover.png'],
  ['/%5Cevil.example/cover.png'],
  ['/\t/evil.example/cover.png'],
];

const terms = `<!DOCTYPE html><html><head><title>HEAD TITLE MUST NOT SHOW</title><script>window.__xss='head'</script></head><body><h2>Hostile terms</h2><p>Benign terms paragraph.</p>${payloads.join('')}</body></html>`;

/**
 * @param {string} id
 * @param {number} n
 */
const post = (id, n) => ({
  id,
  title: `Hostile post ${n} <img src=x onerror="window.__xss='title'">`,
  content: `<h2>Section ${n}</h2><p>Benign article paragraph ${n}.</p>${payloads.join('')}`,
  category: { name: n % 2 ? 'dating-tips' : 'online-safety' },
  media: n % 2 ? ['javascript:alert(1)'] : offSiteCovers[(n / 2 - 1) % offSiteCovers.length],
  updated_at: `2026-0${(n % 9) + 1}-10T09:00:00.000Z`,
});
const posts = Array.from({ length: 8 }, (_, i) => post(`hostile-${i + 1}`, i + 1));

const faqs = [
  {
    id: 1,
    question: 'Hostile question <img src=x onerror="window.__xss=\'faq\'">?',
    answer: '<script>window.__xss="faq"</script> benign answer',
    category: 'Safety',
  },
  { id: 2, question: 'Second question?', answer: 'Second answer.', category: 'General' },
];

// The raw paths asked for, newest last (a bounded log the tests read at /requests).
/** @type {string[]} */
const requests = [];

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/requests') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify(requests));
  }
  requests.push(req.url ?? '');
  if (requests.length > 10_000) requests.shift();
  /**
   * @param {number} status
   * @param {unknown} body sent as JSON
   */
  const send = (status, body) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/faqs') return send(200, { data: faqs });
  if (url.pathname === '/terms-of-service') return send(200, { data: { termsOf_service: terms } });
  if (url.pathname === '/posts') return send(200, { data: { posts } });
  const match = /^\/posts\/([^/]+)$/.exec(url.pathname);
  if (match) {
    const found = posts.find((p) => p.id === decodeURIComponent(/** @type {string} */ (match[1])));
    return found ? send(200, { data: found }) : send(404, { error: 'not found' });
  }
  if (url.pathname === '/health') return send(200, { ok: true });
  return send(404, { error: 'not found' });
}).listen(port, '127.0.0.1', () => console.log(`hostile backend on ${port}`));
