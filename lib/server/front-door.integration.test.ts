import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BODY_LENGTH_HEADER } from '@/lib/http/body-length';
import { consentFromCookieHeader, consentHeaderValue } from '@/lib/consent/request';
import { declarePersonalDocument, declareUnshareable } from '@/lib/http/document-policy';
import {
  CLIENT_ADDRESS_HEADER,
  CONSENT_HEADER,
  INTERNAL_HEADER_PREFIX,
  INTERNAL_REQUEST_HEADERS,
  LOCALE_HEADER,
  NONCE_HEADER,
  PATH_HEADER,
  PROXY_REQUEST_ID_HEADER,
  REQUEST_HOST_HEADER,
} from '@/lib/http/request-headers';
import { captureLogs } from '@/lib/testing/logs';
import { attachFrontDoor } from './front-door';

type Seen = { url: string; headers: IncomingMessage['headers'] };
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The front door in front of a stand-in for Next, on a real socket. */
async function serve(
  app: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  trustedProxyHops = 0,
  buildSheets: string[] = [],
) {
  server = createServer();
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const port = (server!.address() as AddressInfo).port;
  attachFrontDoor(server, {
    handle: app,
    origin: { hostname: '127.0.0.1', port },
    trustedProxyHops,
    development: false,
    buildSheets,
  });
  return `http://127.0.0.1:${port}`;
}

/** The flight data script Next writes (a known form: lib/security/script-hashes.ts). */
const FLIGHT = 'self.__next_f.push([1,"0:[\\"$\\",\\"p\\",null,{}]\\n"])';

/**
 * A stand-in page: HTML streamed in two chunks, with a flight script as Next writes it, stamped
 * with the request's nonce when it was given one (a shared document's render is given none).
 */
const page =
  (seen: Seen[], before?: (req: IncomingMessage, res: ServerResponse) => void) =>
  async (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? '', headers: { ...req.headers } });
    before?.(req, res);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'rsc, Accept-Encoding');
    res.flushHeaders(); // as Next does before its first chunk
    const nonce = req.headers[NONCE_HEADER];
    res.write(`<script${nonce ? ` nonce="${nonce}"` : ''}>${FLIGHT}</script>`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    res.end(`<p>${req.url} ✓</p>`);
  };

const plain = { 'Accept-Encoding': 'identity' };

/** What the server writes back to a request sent as raw bytes, one a character (what fetch refuses to send), until it closes. */
function raw(origin: string, request: string): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    socket.write(request, 'latin1');
  });
}

describe('front door: who is asking', () => {
  it('takes the client address from the connection and drops every forwarding header a client sent (finding 1)', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    await fetch(`${origin}/api/x`, {
      headers: {
        'X-Forwarded-For': '6.6.6.6',
        'X-Real-IP': '6.6.6.7',
        Forwarded: 'for=6.6.6.8',
        'X-Forwarded-Host': 'evil.example',
        [CLIENT_ADDRESS_HEADER]: '6.6.6.9',
      },
    });
    const headers = seen[0]!.headers;
    expect(headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
    for (const name of ['x-real-ip', 'forwarded']) expect(headers[name], name).toBeUndefined();
    // What Next is told instead: the connection's own address, host and scheme.
    expect([headers['x-forwarded-for'], headers['x-forwarded-host'], headers['x-forwarded-proto']]).toEqual([
      '127.0.0.1',
      new URL(origin).host,
      'http',
    ]);
  });

  it('drops every internal header a client sent, on every request, where the proxy does not run too (finding 12)', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    // The attack: /fr/blog/x.json skips the proxy, and a forged path header served an article.
    const forged = {
      [PATH_HEADER]: '/blog/dating-after-divorce',
      [CONSENT_HEADER]: 'accepted',
      [LOCALE_HEADER]: 'de',
      [REQUEST_HOST_HEADER]: 'evil.example',
      'X-Amora-Next': '1',
    };
    await fetch(`${origin}/fr/blog/x.json`, { headers: forged });
    await fetch(`${origin}/blog`, { headers: forged });
    await fetch(`${origin}/api/x`, { method: 'POST', headers: forged, body: '{}' });
    expect(seen).toHaveLength(3);
    for (const { url, headers } of seen) {
      // Only those the front door itself sets, with its own values (no cookie: no consent decision);
      // a page's language and path as it decided them, a file's and the API's none.
      const page = url === '/blog';
      const own = [
        CLIENT_ADDRESS_HEADER,
        CONSENT_HEADER,
        REQUEST_HOST_HEADER,
        ...(page ? [LOCALE_HEADER, PATH_HEADER] : []),
      ];
      expect(
        Object.keys(headers)
          .filter((name) => name.startsWith(INTERNAL_HEADER_PREFIX))
          .sort(),
        url,
      ).toEqual(own.sort());
      expect(headers[REQUEST_HOST_HEADER], url).toBe(new URL(origin).host);
      expect(headers[CONSENT_HEADER], url).toBe(consentHeaderValue(consentFromCookieHeader(undefined)));
      if (page) expect([headers[LOCALE_HEADER], headers[PATH_HEADER]]).toEqual(['en', '/blog']);
    }
  });

  it('replaces or drops a client’s copy of every header in lib/http/request-headers.ts, on pages, files, the API and any method', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    // Each listed header, forged with a value the front door could never set (a page's policy
    // names a nonce: a forged one must not be the one Next stamps).
    const forged = Object.fromEntries(
      INTERNAL_REQUEST_HEADERS.map(({ name }) => [name, `'nonce-forged' forged-${name}`]),
    );
    const asked: [string, RequestInit][] = [
      ['/blog', {}],
      ['/fr/blog?page=2', { method: 'HEAD' }],
      ['/blog', { method: 'POST', body: '{}' }],
      ['/fr/blog/x.json', {}],
      ['/api/x', { method: 'POST', body: '{}' }],
    ];
    for (const [path, init] of asked) await fetch(`${origin}${path}`, { ...init, headers: { ...plain, ...forged } });
    expect(seen).toHaveLength(asked.length);
    for (const { url, headers } of seen) {
      for (const { name, setBy } of INTERNAL_REQUEST_HEADERS) {
        expect.soft(String(headers[name] ?? ''), `${url} ${name}`).not.toContain('forged');
        if (setBy === null) expect.soft(headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
  });

  it('behind one trusted proxy, reads the address that proxy appended', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen), 1);
    await fetch(`${origin}/api/x`, {
      headers: { 'X-Forwarded-For': '6.6.6.6, 198.51.100.4', 'X-Forwarded-Proto': 'https' },
    });
    expect(seen[0]!.headers[CLIENT_ADDRESS_HEADER]).toBe('198.51.100.4');
  });

  it('passes a trusted proxy’s X-Request-Id on as its own header, and never a client’s', async () => {
    const seen: Seen[] = [];
    const id = '9f86d081884c7d659a2feaa0c55ad015';
    await fetch(`${await serve(page(seen), 1)}/api/x`, { headers: { 'X-Request-Id': id } });
    await fetch(`${await serve(page(seen))}/api/x`, { headers: { 'X-Request-Id': id } });
    expect(seen.map(({ headers }) => headers[PROXY_REQUEST_ID_HEADER])).toEqual([id, undefined]);
  });

  it('takes a path that starts with // as a path, not a host, and never throws on it (found by e2e/property.spec.ts)', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${origin}/`, { path: '//E%5C%60%7Bo7rJB?section=2&page=-9' }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBeLessThan(500);
    expect((await fetch(`${origin}/blog`)).status).toBe(200);
  });

  it('answers a malformed %-escape with 400 before the app sees it', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    expect((await fetch(`${origin}/blog/%zz`)).status).toBe(400);
    expect(seen).toHaveLength(0);
  });
});

let logs: ReturnType<typeof captureLogs> | undefined;
afterEach(() => {
  logs?.restore();
  logs = undefined;
});

describe('front door: methods no route serves (finding 9)', () => {
  afterEach(() => vi.restoreAllMocks());
  /** As Next does with every request: a web Request is built from it (which throws on TRACE, TRACK and CONNECT). */
  const likeNext = (seen: Seen[]) => async (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? '', headers: { ...req.headers } });
    const request = new Request(`http://localhost${req.url}`, { method: req.method });
    res.end(request.method);
  };

  it('answers TRACE with a 405 before the app sees it, and logs nothing but its request line', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logs = captureLogs();
    const seen: Seen[] = [];
    const origin = await serve(likeNext(seen));
    const answer = await raw(origin, 'TRACE /blog HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    // Soft: each failure shows, the 500 and the stack trace it logged.
    expect.soft(answer.split('\r\n')[0]).toBe('HTTP/1.1 405 Method Not Allowed');
    expect.soft(logged).not.toHaveBeenCalled();
    expect(answer).toMatch(/^Allow: GET, HEAD, POST$/im);
    expect(seen).toHaveLength(0);
    await vi.waitFor(() => expect(logs!.entries()).toHaveLength(1));
    expect(logs.entries()[0]).toMatchObject({ level: 'info', method: 'TRACE', route: '/[locale]/blog', status: 405 });
  });

  it('answers CONNECT with a 405, where Node would drop the connection without a word', async () => {
    const origin = await serve(likeNext([]));
    const answer = await raw(origin, 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 405 Method Not Allowed');
    expect(answer.endsWith('\r\n\r\nMethod not allowed.')).toBe(true);
  });

  it('answers TRACK (a method Node’s parser does not know) with a 405, and leaves other malformed requests to Node (400)', async () => {
    const origin = await serve(likeNext([]));
    const track = await raw(origin, 'TRACK / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(track.split('\r\n')[0]).toBe('HTTP/1.1 405 Method Not Allowed');
    const unknown = await raw(origin, 'TRACKS / HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(unknown.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(`${origin}/api/x`)).status).toBe(200);
  });
});

describe('front door: server actions and the log (third review, finding 7)', () => {
  afterEach(() => vi.restoreAllMocks());
  // CSI 2J (clear the screen), CSI 31m (red), OSC 0 (the window's title), ST: as C1 bytes on the wire.
  const C1_ATTACK = '\u009b2J\u009b31mOWNED\u009d0;pwned\u009c';
  const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
  /**
   * Whatever the front door or the app would write to the log, recorded: every console method, and
   * the logger's entries but the request lines (request-log.integration.test.ts has those).
   */
  const consoleOutput = () => {
    const lines: string[] = [];
    for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const)
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
    logs = captureLogs();
    return {
      lines: () => [
        ...lines,
        ...logs!
          .text()
          .split('\n')
          .filter((line) => line && !line.includes('"msg":"request"')),
      ],
      everything: () => `${lines.join('\n')}${logs!.text()}`,
    };
  };
  /** As Next does with a Next-Action header: it looks the action up, fails, and logs the id it was sent. */
  const likeNext = (seen: Seen[]) => async (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? '', headers: { ...req.headers } });
    const action = req.headers['next-action'];
    if (action !== undefined || /^multipart\//.test(req.headers['content-type'] ?? '')) {
      console.error(`Error: Failed to find Server Action "${String(action)}"`);
      res.writeHead(404);
      return void res.end();
    }
    res.end('ok');
  };

  it('answers a Next-Action request with 404 before the app sees it, whatever its method and path, and logs nothing', async () => {
    const output = consoleOutput();
    const seen: Seen[] = [];
    const origin = await serve(likeNext(seen));
    for (const [method, path] of [
      ['POST', '/'],
      ['POST', '/fr/blog'],
      ['GET', '/'],
      ['POST', '/api/orders'],
    ]) {
      const answer = await raw(
        origin,
        `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nNext-Action: ${C1_ATTACK}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.split('\r\n')[0], `${method} ${path}`).toBe('HTTP/1.1 404 Not Found');
    }
    // A multipart form posted to a page is a server action to Next as well.
    const form = new FormData();
    form.set('a', C1_ATTACK);
    expect((await fetch(`${origin}/blog`, { method: 'POST', body: form })).status).toBe(404);
    expect(seen).toEqual([]);
    expect(output.lines()).toEqual([]);
    expect(output.everything()).not.toMatch(/OWNED|pwned/);
    // Everything else reaches the app as before.
    expect((await fetch(`${origin}/blog`, { method: 'POST', body: 'a=b' })).status).toBe(200);
    expect((await fetch(`${origin}/api/form`, { method: 'POST', body: form })).status).toBe(404);
    expect(seen.map(({ url }) => url)).toEqual(['/blog', '/api/form']);
  });

  it('writes a failed request’s error to the log with what the client sent escaped', async () => {
    const output = consoleOutput();
    const origin = await serve(async (req) => {
      throw new Error(`could not serve ${req.url} for ${String(req.headers['x-label'])}`);
    });
    const answer = await raw(
      origin,
      `GET /api/x?q=%1B HTTP/1.1\r\nHost: localhost\r\nX-Label: ${C1_ATTACK}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 500 Internal Server Error');
    const lines = output.lines();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'error', msg: 'Request failed' });
    // Escaped in the value itself (a JSON escape of a raw byte would read back as that byte).
    expect(JSON.parse(lines[0]!).err.message).toContain('\\u009b2J\\u009b31mOWNED\\u009d0;pwned\\u009c');
    expect(lines[0]).not.toMatch(CONTROLS);
  });
});

describe('front door: headers', () => {
  it('gives an HTML response rendered for one visitor the CSP whose nonce the app was handed, and a private, revalidated cache policy', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    // A consent cookie sent twice: no shared document for this visitor (lib/consent/request.ts).
    const response = await fetch(`${origin}/blog/a.b`, {
      headers: { ...plain, Cookie: 'NEXT_LOCALE=en; CookieConsent=x; CookieConsent=true' },
    });
    const nonce = String(seen[0]!.headers[NONCE_HEADER]);
    expect(response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    expect(await response.text()).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('makes a document the route declared personal private and referrer-free, and never keeps it (finding 5, 8)', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen, () => declarePersonalDocument()));
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${origin}/%6Cibrary/token`, { headers: plain });
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(seen).toHaveLength(2);
  });

  it('sends no x-middleware-* header, from a render, from the store or from any other response (finding 12)', async () => {
    const seen: Seen[] = [];
    const origin = await serve(async (req, res) => {
      if (req.url?.startsWith('/api/')) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Middleware-Rewrite': '/api/y' });
        return void res.end('{}');
      }
      // As Next does after the proxy rewrote /blog to its [locale] route.
      await page(seen, (_req, response) => response.setHeader('x-middleware-rewrite', '/en/blog'))(req, res);
    });
    const responses = [
      await fetch(`${origin}/blog`, { headers: plain }),
      await fetch(`${origin}/blog`, { headers: plain }),
      await fetch(`${origin}/api/x`),
    ];
    expect(seen).toHaveLength(1); // the second page came from the store
    for (const response of responses)
      expect
        .soft(
          [...response.headers.keys()].filter((name) => name.startsWith('x-middleware-')),
          response.url,
        )
        .toEqual([]);
  });

  it('keeps a header a route set itself, and gives non-documents a policy that runs nothing', async () => {
    const origin = await serve(async (_req, res) => {
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.end('%PDF');
    });
    const response = await fetch(`${origin}/api/download/x/y.pdf`);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });
});

describe('front door: languages', () => {
  it('answers language redirects itself, no-store, and sets no cookie on any answer', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    const english = await fetch(`${origin}/en/blog?page=2`, { redirect: 'manual' });
    expect([english.status, english.headers.get('location'), english.headers.get('cache-control')]).toEqual([
      307,
      '/blog?page=2',
      'no-store',
    ]);
    const chosen = await fetch(`${origin}/help-centre`, {
      redirect: 'manual',
      headers: { Cookie: 'NEXT_LOCALE=de', 'Accept-Language': 'fr' },
    });
    expect([chosen.status, chosen.headers.get('location'), chosen.headers.get('cache-control')]).toEqual([
      307,
      '/de/help-centre',
      'no-store',
    ]);
    expect(seen).toHaveLength(0);
    const japanese = await fetch(`${origin}/ja/blog`, { headers: { Cookie: 'NEXT_LOCALE=fr' } });
    const bare = await fetch(`${origin}/blog`, { headers: { Cookie: 'NEXT_LOCALE=en' } });
    const first = await fetch(`${origin}/`);
    for (const answer of [english, chosen, japanese, bare, first]) expect(answer.headers.getSetCookie()).toEqual([]);
    expect(seen.map(({ headers }) => headers[LOCALE_HEADER])).toEqual(['ja', 'en', 'en']);
  });

  it('never reads Accept-Language: a bare path is the English page, a prefixed one its own language', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    for (const path of ['/', '/blog', '/fr/blog'])
      for (const accept of ['fr', 'fr-FR,fr;q=0.9,en;q=0.5', 'ja', 'de;q=0.5, ar', '*']) {
        const answer = await fetch(`${origin}${path}`, {
          redirect: 'manual',
          headers: { ...plain, 'Accept-Language': accept },
        });
        expect([answer.status, answer.headers.getSetCookie()], `${path} ${accept}`).toEqual([200, []]);
      }
    // Rendered (or served from the store) in the language its URL names, whatever the visitor's.
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const { url, headers } of seen) expect(headers[LOCALE_HEADER], url).toBe(url === '/fr/blog' ? 'fr' : 'en');
  });
});

describe('front door: inline CSS', () => {
  const sheets = ['a{}', 'b{color:red}'];
  /** A stand-in page with React's hoisted, nonce-less <style> holding `css`. */
  const styled = (seen: Seen[], css: (url: string) => string) => async (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url ?? '', headers: { ...req.headers } });
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const nonce = req.headers[NONCE_HEADER];
    res.end(
      `<html><head><style data-precedence="next" data-href="/x.css">${css(req.url ?? '')}</style><script${nonce ? ` nonce="${nonce}"` : ''}>${FLIGHT}</script></head><body>✓</body></html>`,
    );
  };
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const styleSrc = (res: Response) =>
    /style-src-elem ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1] ?? '';

  it('allows a document’s inline CSS by its hash when it is the build’s sheets, on the render and on every stored hit', async () => {
    const seen: Seen[] = [];
    const origin = await serve(
      styled(seen, () => 'b{color:red}a{}'),
      0,
      sheets,
    );
    const answers = [
      await fetch(`${origin}/`, { headers: plain }),
      await fetch(`${origin}/`, { headers: plain }),
      await fetch(`${origin}/`, { headers: plain }),
    ];
    expect(seen).toHaveLength(1);
    for (const answer of answers) expect(styleSrc(answer)).toContain(sha('b{color:red}a{}'));
  });

  it('gives CSS that is not the build’s no hash: an injected rule stays blocked, rendered or stored', async () => {
    const seen: Seen[] = [];
    const origin = await serve(
      styled(seen, () => 'a{}body{display:none}'),
      0,
      sheets,
    );
    const answers = [await fetch(`${origin}/`, { headers: plain }), await fetch(`${origin}/`, { headers: plain })];
    expect(seen).toHaveLength(1);
    for (const answer of answers) {
      expect(await answer.text()).toContain('body{display:none}');
      expect(styleSrc(answer)).not.toContain(sha('a{}body{display:none}'));
    }
  });
});

describe('front door: the document store', () => {
  it('renders a page once and serves the next visitors from the store: the same bytes, with no nonce', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    const first = await fetch(`${origin}/blog?b=2&a=1`, { headers: plain });
    const second = await fetch(`${origin}/blog?a=1&b=2`, { headers: plain });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers[NONCE_HEADER]).toBeUndefined();
    const bodies = [await first.text(), await second.text()];
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[1]).toContain('✓');
    expect(bodies[1]).not.toContain('nonce');
    expect(second.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(second.headers.get('content-security-policy')).not.toContain('nonce');
    expect(second.headers.get('content-length')).toBe(String(Buffer.byteLength(bodies[1]!)));
  });

  it('keeps languages, paths and consent choices apart', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    for (const [path, cookie] of <[string, string][]>[
      ['/blog', ''],
      ['/fr/blog', ''],
      ['/help-centre', ''],
      ['/blog', 'CookieConsent=true'],
      ['/blog', 'CookieConsent=false'],
      ['/blog', 'CookieConsent=false; theme=dark'],
    ]) {
      await fetch(`${origin}${path}`, {
        headers: { ...plain, Cookie: `NEXT_LOCALE=${path.startsWith('/fr') ? 'fr' : 'en'}; ${cookie}` },
      });
    }
    // The last differs from the one before only by a cookie that changes nothing.
    expect(seen).toHaveLength(5);
  });

  it('honours the response’s Vary: a request whose varied header differs is rendered, not served the stored one', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    await fetch(`${origin}/blog`, { headers: plain });
    await fetch(`${origin}/blog`, { headers: { ...plain, RSC: '1' } });
    await fetch(`${origin}/blog`, { headers: { 'Accept-Encoding': 'gzip' } });
    // Only the request with another value of a Vary header (not Accept-Encoding) rendered again.
    expect(seen.map((s) => s.headers.rsc)).toEqual([undefined, '1']);
  });

  it('never keeps what may not be shared: a declared content error, a 404', async () => {
    for (const setup of [
      () => declareUnshareable(),
      (_req: IncomingMessage, res: ServerResponse) => void (res.statusCode = 404),
    ]) {
      const seen: Seen[] = [];
      const origin = await serve(page(seen, setup));
      // The language the visitor chose already: no cookie of the front door's own on the answer.
      const visitor = { ...plain, Cookie: 'NEXT_LOCALE=en' };
      await fetch(`${origin}/blog`, { headers: visitor });
      const again = await fetch(`${origin}/blog`, { headers: visitor });
      expect(seen).toHaveLength(2);
      expect(again.headers.get('cache-control')).toBe('private, no-cache');
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it('never keeps a render that sets a cookie of its own: each visitor’s page is rendered for them, with a nonce, private', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen, (_req, res) => res.setHeader('Set-Cookie', 'session=1')));
    const answers = [
      await fetch(`${origin}/blog`, { headers: plain }),
      await fetch(`${origin}/blog`, { headers: plain }),
    ];
    // Each visitor's own render, with a nonce (the first visitor's after the render for the store showed the cookie).
    expect(seen.filter(({ headers }) => headers[NONCE_HEADER] !== undefined)).toHaveLength(2);
    for (const answer of answers) {
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.headers.get('content-security-policy')).toMatch(/'nonce-/);
    }
  });

  it('renders a page once for everyone who asks while it renders', async () => {
    const seen: Seen[] = [];
    const origin = await serve(page(seen));
    const bodies = await Promise.all(
      Array.from({ length: 5 }, () => fetch(`${origin}/blog`, { headers: plain }).then((r) => r.text())),
    );
    expect(seen).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.replace(/nonce="[^"]+"/, ''))).size).toBe(1);
  });
});

describe('front door: the wire', () => {
  it('sends a streamed HTML document in one piece with its length, and streams anything else', async () => {
    const origin = await serve(async (req, res) => {
      res.setHeader('Content-Type', req.url?.startsWith('/doc') ? 'text/html; charset=utf-8' : 'text/x-component');
      res.flushHeaders();
      res.write('<p>one</p>');
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.write(Buffer.from('<p>two ✓</p>'));
      res.end('<p>three</p>');
    });
    const body = '<p>one</p><p>two ✓</p><p>three</p>';
    const doc = await fetch(`${origin}/doc`, { headers: plain });
    expect(doc.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(doc.headers.get('transfer-encoding')).toBeNull();
    expect(await doc.text()).toBe(body);
    const stream = await fetch(`${origin}/api/flight`, { headers: plain });
    expect(stream.headers.get('transfer-encoding')).toBe('chunked');
    expect(await stream.text()).toBe(body);
  });

  it('gives a streamed download the length its route named (BODY_LENGTH_HEADER), and lets the private header out nowhere', async () => {
    const origin = await serve(async (req, res) => {
      res.setHeader('Content-Type', 'application/pdf');
      res.setHeader(BODY_LENGTH_HEADER, req.url === '/api/odd' ? '12 ; evil' : '10');
      res.flushHeaders();
      if (req.method === 'HEAD') return void res.end();
      res.write('%PDF-');
      await new Promise((resolve) => setTimeout(resolve, 20));
      res.end('%%EOF');
    });
    const file = await fetch(`${origin}/api/file`, { headers: plain });
    expect(file.headers.get('content-length')).toBe('10');
    expect(file.headers.get('transfer-encoding')).toBeNull();
    expect(file.headers.get(BODY_LENGTH_HEADER)).toBeNull();
    expect(await file.text()).toBe('%PDF-%%EOF');
    const head = await fetch(`${origin}/api/file`, { method: 'HEAD', headers: plain });
    expect(head.headers.get('content-length')).toBeNull();
    expect(head.headers.get(BODY_LENGTH_HEADER)).toBeNull();
    // Only a plain number is taken: anything else leaves the body streamed.
    const odd = await fetch(`${origin}/api/odd`, { headers: plain });
    expect(odd.headers.get('content-length')).toBeNull();
    expect(odd.headers.get(BODY_LENGTH_HEADER)).toBeNull();
    expect(await odd.text()).toBe('%PDF-%%EOF');
  });

  it('compresses for clients that take it', async () => {
    const origin = await serve(async (_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<p>${'compressible '.repeat(500)}</p>`);
    });
    const response = await fetch(`${origin}/doc`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('compressible compressible');
  });

  // The third review's finding 8: one negotiation (lib/http/quality-list.ts) for the compression here and the static copies.
  it('compresses as the client’s weights and refusals say (RFC 9110), and sends the body as it is when nothing else is acceptable', async () => {
    const origin = await serve(async (_req, res) => {
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<p>${'compressible '.repeat(500)}</p>`);
    });
    const cases: [string, string | null][] = [
      ['*, br;q=0', 'gzip'],
      ['*, gzip;q=0', 'br'],
      ['gzip;q=0', null],
      ['br;q=0.5, gzip;q=0.9', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['deflate', null],
      ['x-gzip', 'gzip'],
      ['identity;q=0', null],
      ['*;q=0', null],
      ['', null],
    ];
    for (const [accept, coding] of cases) {
      const response = await fetch(`${origin}/doc`, { headers: { 'Accept-Encoding': accept } });
      expect(response.status, accept).toBe(200);
      expect(response.headers.get('content-encoding'), accept).toBe(coding);
      expect(response.headers.get('vary'), accept).toMatch(/Accept-Encoding/);
      expect(await response.text(), accept).toContain('compressible compressible');
    }
  });
});
