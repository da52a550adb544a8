// Everything the "faulty" e2e site depends on, each with a switch the tests flip:
//   - a content backend (as lib/content/remote.ts calls one) that can be ok, down, slow (answers
//     after 15 s) or garbage;
//   - an SMTP relay that can be up or down, and remembers what it received and how many
//     connections it refused;
//   - a TCP proxy in front of the test PostgreSQL that can cut the database off.
//   - a revision of its content (POST /__revision?mode=2: every post's title and body say so), for
//     the freshness of shared pages (e2e/shareable.spec.ts).
// Control: POST /__content?mode=…, /__smtp?mode=…, /__db?mode=…, /__revision?mode=…; GET /__mail, /__smtp.
//   node e2e/support/fault-backend.mjs <http port> <smtp port> <db proxy port> [postgres url]
import { createServer } from 'node:http';
import { createServer as createTcpServer, connect } from 'node:net';
import { SMTPServer } from 'smtp-server';

const [httpPort, smtpPort, dbPort] = process.argv.slice(2, 5).map(Number);
const databaseUrl = process.argv[5] ? new URL(process.argv[5]) : undefined;

const state = { content: 'ok', smtp: 'up', db: 'up', revision: '1' };
/** @type {{ to: string[], subject: string, raw: string }[]} */
const received = [];
// Connections the SMTP relay refused while down: each is one delivery attempt that failed.
let refused = 0;

/** @param {number} n */
const post = (n) => ({
  id: `fault-${n}`,
  title: `Fault test post ${n}${state.revision === '1' ? '' : ` (revision ${state.revision})`}`,
  content: `<p>Body of fault test post ${n}${state.revision === '1' ? '' : `, revision ${state.revision}`}.</p>`,
  category: { name: 'dating-tips' },
  media: '["/images/blog/default.svg"]',
  updated_at: `2026-0${n}-10T09:00:00.000Z`,
});
/** The posts as they are now (their revision). */
const currentPosts = () => [1, 2, 3].map(post);
/** @returns {Record<string, { data: unknown }>} */
const routes = () => ({
  '/faqs': { data: [{ id: 1, question: 'Is this the fault backend?', answer: 'Yes.', category: 'Testing' }] },
  '/terms-of-service': { data: { termsOf_service: '<p>Fault backend terms.</p>' } },
  '/posts': { data: currentPosts() },
});

const slowTimers = new Set();
// Idle connections stay open until the client closes them: Node's 5 s default closes one just as a
// test's request reuses it (ECONNRESET, a flaky failure); e2e/support/test-doubles.integration.test.ts.
createServer({ keepAliveTimeout: 0 }, (req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const mode = url.searchParams.get('mode');
  if (req.method === 'POST' && url.pathname.startsWith('/__')) {
    const key = url.pathname.slice(3);
    if (!(key in state) || !mode) return void res.writeHead(400).end();
    state[/** @type {keyof typeof state} */ (key)] = mode;
    if (key === 'db' && mode === 'down') for (const socket of dbSockets) socket.destroy();
    return void res.writeHead(204).end();
  }
  if (url.pathname === '/__mail')
    return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(received));
  if (url.pathname === '/__smtp')
    return void res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ mode: state.smtp, refused }));
  if (url.pathname === '/health') return void res.writeHead(200).end('ok');

  if (state.content === 'down') return void req.socket.destroy();
  if (state.content === 'garbage')
    return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data": [ this is not json');
  const answer = () => {
    const single = /^\/posts\/(.+)$/.exec(url.pathname);
    const posts = currentPosts();
    const found = single && posts.find((p) => p.id === decodeURIComponent(/** @type {string} */ (single[1])));
    const body = single ? (found ? { data: found } : undefined) : routes()[url.pathname];
    if (!body) return void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not found"}');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  };
  if (state.content === 'slow') {
    const timer = setTimeout(() => {
      slowTimers.delete(timer);
      if (!res.destroyed) answer();
    }, 15_000);
    slowTimers.add(timer);
    return;
  }
  answer();
}).listen(httpPort, '127.0.0.1');

// SMTP: when "down", every connection is refused with 421, as a relay in trouble answers.
new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onConnect(_session, callback) {
    if (state.smtp === 'down') {
      refused += 1;
      /** @type {Error & { responseCode?: number }} smtp-server answers with the error's responseCode */
      const error = new Error('Service not available');
      error.responseCode = 421;
      return callback(error);
    }
    callback();
  },
  onData(stream, session, callback) {
    /** @type {Buffer[]} */
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
        raw,
      });
      callback();
    });
  },
}).listen(smtpPort, '127.0.0.1');

// The database proxy: when "down", new connections are dropped and open ones were cut.
/** @type {Set<import('node:net').Socket>} */
const dbSockets = new Set();
createTcpServer((client) => {
  if (state.db === 'down' || !databaseUrl) return void client.destroy();
  const upstream = connect(Number(databaseUrl.port || 5432), databaseUrl.hostname);
  for (const socket of [client, upstream]) {
    dbSockets.add(socket);
    socket.on('close', () => dbSockets.delete(socket));
    socket.on('error', () => undefined);
  }
  client.pipe(upstream).pipe(client);
  client.on('close', () => upstream.destroy());
  upstream.on('close', () => client.destroy());
}).listen(dbPort, '127.0.0.1');

console.log(
  `fault backend: http ${httpPort}, smtp ${smtpPort}, db proxy ${dbPort}${databaseUrl ? '' : ' (no database)'}`,
);
