// The third review's finding 1 (docs/security.md), as an attacker: `count` connections that each
// send a POST's headers and the start of its body, then one more byte every `dripMs`, so that no
// idle timeout ever ends them. A process of its own, so that its sockets and TLS handshakes do not
// slow the test that measures the server beside it. Run by e2e/security-review-3-slow-bodies.spec.ts:
//
//   node e2e/support/slow-bodies.mjs '{"port":3117,"count":4000,"from":["127.0.0.2"],"paths":["/api/library/lookup"]}'
//
// Options: port, host (127.0.0.1), tls (false: plain http), count, from (the local addresses to
// connect from, in turn), paths (in turn), dripMs (1000), keep (false: with true, every connection
// the server ends is opened again, so `count` stay open until the end), untilRefused (false: with
// true, none is opened once the server has closed one unanswered, its cap). It writes what happened as a
// JSON line every 200 ms, and once more when its stdin closes, after it has closed every connection.
import { connect as plain } from 'node:net';
import { connect as secure } from 'node:tls';

const {
  port,
  host = '127.0.0.1',
  tls = false,
  count,
  from,
  paths = ['/'],
  dripMs = 1000,
  keep = false,
  handshake = false,
  untilRefused = false,
} = JSON.parse(process.argv[2] ?? '{}');
/** What the server did with the connections: how many opened, how many are open, the answers by status, the ends without one. */
const stats = {
  opened: 0,
  open: 0,
  answered: /** @type {Record<string, number>} */ ({}),
  unanswered: 0,
  /** Connections being opened, or waiting to be. */
  pending: 0,
};
/** Each open connection, and whether its request has been sent (only then are bytes dripped on it). */
const sockets = new Map();
let stopping = false;
/** With `untilRefused`: once the server has closed one without an answer (its cap), no more are opened. */
let refused = false;
let next = 0;
// Connections still being set up: at most 200 at once, as a patient attacker opens them. Thousands
// at once overflow the server's accept queue, and the kernel makes the rest wait seconds to retry.
let connecting = 0;
let waiting = 0;
const MAX_CONNECTING = 200;
const CONNECT_PATIENCE_MS = 500;

function openWhenFree() {
  if (refused) return;
  if (connecting < MAX_CONNECTING) open();
  else waiting += 1;
}

function connected() {
  connecting -= 1;
  if (refused) waiting = 0;
  if (waiting > 0 && !stopping) {
    waiting -= 1;
    open();
  }
}

function open() {
  const index = next++;
  connecting += 1;
  const options = { port, host, localAddress: from[index % from.length] };
  // A slow TLS handshake: a TLS record's header that promises 16 KB, then a byte at a time of it.
  const socket = handshake
    ? plain(options)
    : tls
      ? secure({ ...options, servername: 'localhost', rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] })
      : plain(options);
  let sent = false;
  let abandoned = false;
  let answer = '';
  sockets.set(socket, false);
  socket.setEncoding('latin1');
  // A SYN the server's full accept queue dropped is sent again by the kernel only after 1, 3, 7, 15 s…:
  // a few of those and the attack crawls while the server idles. Like a real attacker, give up on a
  // connection that has not connected in CONNECT_PATIENCE_MS and open another in its place.
  const patience = setTimeout(() => {
    abandoned = true;
    socket.destroy();
  }, CONNECT_PATIENCE_MS);
  socket.once('connect', () => clearTimeout(patience));
  socket.once(tls && !handshake ? 'secureConnect' : 'connect', () => {
    connected();
    stats.opened += 1;
    stats.open += 1;
    sent = true;
    sockets.set(socket, true);
    if (handshake) return void socket.write(Buffer.from([0x16, 0x03, 0x01, 0x40, 0x00, 0x01]));
    socket.write(
      `POST ${paths[index % paths.length]} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: 1000\r\n\r\n{"email":"`,
    );
  });
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => undefined);
  socket.once('close', () => {
    clearTimeout(patience);
    if (!sent) connected();
    sockets.delete(socket);
    // Not a connection the server ended, and not counted: its replacement is.
    if (abandoned && !sent) {
      if (!stopping) openWhenFree();
      return;
    }
    if (sent) stats.open -= 1;
    const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
    if (status) stats.answered[status] = (stats.answered[status] ?? 0) + 1;
    else {
      stats.unanswered += 1;
      if (sent && untilRefused) refused = true;
    }
    // One that never connected (the server is gone) is tried again after a pause, not in a tight loop.
    if (keep && !stopping) setTimeout(openWhenFree, sent ? 0 : 100);
  });
}

for (let i = 0; i < count; i += 1) openWhenFree();
const drip = setInterval(() => {
  for (const [socket, sent] of sockets) if (sent && socket.writable) socket.write('a');
}, dripMs);
const report = setInterval(() => {
  stats.pending = connecting + waiting;
  process.stdout.write(`${JSON.stringify(stats)}\n`);
}, 200);

process.stdin.resume();
process.stdin.once('end', () => {
  stopping = true;
  clearInterval(drip);
  clearInterval(report);
  for (const socket of sockets.keys()) socket.destroy();
  process.stdout.write(`${JSON.stringify(stats)}\n`, () => process.exit(0));
});
