import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, getDb, openDb, type Db } from '@/lib/db/client';
import { keepDataPrivate } from '@/lib/server/private-files';
import { placeOrder } from '@/lib/shop/orders/orders';
import { demoPayments } from '@/lib/shop/payments/payment';
import { runBackupCommand } from '@/lib/cli/backup';
import { connectControl, remoteBackups, remoteShop } from '@/lib/cli/control-client';
import { USAGE } from '@/lib/cli/shop';
import { localBackups } from '@/lib/cli/shop-service';
import { controlSocketPath, startControlSocket, type ControlHandler } from './control-socket';
import { shopControl } from './shop-control';

/**
 * The server's control socket (control-socket.ts) with what the server answers on it
 * (shop-control.ts): this process plays the server, holding the embedded database of its DATA_DIR.
 */
const dir = mkdtempSync(join(tmpdir(), 'amora-control-'));
const dataDir = join(dir, 'data');
process.env.DATA_DIR = dataDir;
process.env.APP_SECRET = 'd'.repeat(64);
const path = controlSocketPath(dataDir);
let server: Server;
let db: Db;

async function cli(argv: string[]) {
  const socket = await connectControl(path);
  if (!socket) throw new Error('no server answers');
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
  try {
    const code = ['backup', 'restore'].includes(argv[0]!)
      ? await runBackupCommand(argv, { ...io, engine: async () => remoteBackups(socket) }, USAGE)
      : await remoteShop(socket, argv, io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  } finally {
    socket.destroy();
  }
}

/** A raw connection: what it sends, and everything it gets back until the server ends it. */
async function raw(send: string | Buffer, { end = true } = {}): Promise<string> {
  const socket = connect(path);
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  socket.write(send);
  if (end) socket.end();
  // Not once(): that rejects on the error a write to a closed socket gets (EPIPE), which is expected here.
  await new Promise((resolve) => socket.on('close', resolve));
  return text;
}

beforeAll(async () => {
  keepDataPrivate(dataDir);
  db = await getDb();
  for (const email of ['socket-a@example.com', 'socket-b@example.com'])
    await placeOrder(
      db,
      { editionId: 'en', name: 'Sam Socket', email, paymentMethod: 'paypal' },
      { payments: demoPayments },
    );
  server = (await startControlSocket(path, shopControl))!;
}, 60_000);
afterAll(async () => {
  server?.close();
  await closeDb();
  rmSync(dir, { recursive: true, force: true });
});

describe('the control socket', () => {
  it('is an owner-only socket in the owner-only DATA_DIR', () => {
    expect(statSync(path).isSocket()).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });

  // Another account on the machine must not reach the database through it (file permissions are the authentication).
  it.runIf(process.getuid?.() === 0 && existsSync('/usr/sbin/runuser'))(
    'refuses another user',
    () => {
      const script = `require('net').connect(${JSON.stringify(path)}).on('connect', () => { console.log('connected'); process.exit(0) }).on('error', (e) => { console.log(e.code); process.exit(0) })`;
      const result = spawnSync('runuser', ['-u', 'nobody', '--', process.execPath, '-e', script], {
        encoding: 'utf8',
        cwd: '/',
      });
      expect(result.stdout.trim()).toBe('EACCES');
    },
    60_000,
  );

  it('backs up the database the server holds, which restores elsewhere; restores into it with --merge', async () => {
    const file = join(dir, 'from-server.gz');
    const made = await cli(['backup', file]);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/orders\s+2\n/);
    const elsewhere = await openDb({ dataDir: join(dir, 'elsewhere') });
    try {
      const restored = await runBackupCommand(
        ['restore', file],
        { out: () => undefined, err: () => undefined, engine: async () => localBackups(elsewhere) },
        USAGE,
      );
      expect(restored).toBe(0);
      expect((await elsewhere.query('SELECT id FROM orders')).rows).toHaveLength(2);
    } finally {
      await elsewhere.close();
    }
    const refused = await cli(['restore', file]);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.err).toContain('This database already holds 2 orders');
    const merged = await cli(['restore', file, '--merge']);
    expect(merged.code, merged.err).toBe(0);
    expect(merged.out).toMatch(/orders\s+2\s+0\s+2/);
  }, 60_000);

  it('runs the other npm run shop commands in the server', async () => {
    const orders = await cli(['orders', '--email', 'socket-a@example.com', '--json']);
    expect(orders.code, orders.err).toBe(0);
    expect(JSON.parse(orders.out)).toHaveLength(1);
    const stats = await cli(['stats']);
    expect(stats).toMatchObject({ code: 0 });
    expect(stats.out).toMatch(/Mail queue: \d+ waiting/);
    const wrong = await cli(['resend', '12345']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('Usage: npm run shop');
  }, 60_000);

  it('answers four commands at once and says so to a fifth; a request it does not know, or no JSON, gets a message', async () => {
    const held = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const socket = connect(path); // holds the server: it sends no request yet
        await once(socket, 'connect');
        return socket;
      }),
    );
    try {
      const busy = await raw('{"command":"shop","argv":["stats"]}\n');
      expect(busy).toContain('The server is running 4 npm run shop commands; try again when one ends.');
      expect(busy).toContain('{"exit":1}');
    } finally {
      for (const socket of held) socket.destroy();
    }
    // The held connections' end frees the server.
    for (;;) {
      const answer = await raw('{"command":"drop-tables"}\n');
      if (answer.includes('npm run shop commands; try again')) continue;
      expect(answer).toContain('The request is not one this server knows');
      break;
    }
    expect(await raw('not json\n')).toContain('The request is not a JSON line.');
  }, 60_000);

  it('cuts off a line longer than its bound, and serves the next command', async () => {
    const answer = await raw(Buffer.alloc(3 << 20, 'x'), { end: false });
    expect(answer).toMatch(/A line is longer than \d+ bytes\..*\n\{"exit":2\}/);
    expect((await cli(['stats'])).code).toBe(0);
  }, 60_000);
});

describe('a stalled command line', () => {
  it('is cut off after the idle time: a backup it stops reading gives the embedded database back', async () => {
    // Enough rows that the backup, gzip'd, fills the socket's buffers (random text: it compresses to
    // about half, some MB), then waits for a reader that never reads.
    await db.query(
      `INSERT INTO orders (id, edition, name, email, payment_method, amount_cents, currency, payment_reference)
       SELECT gen_random_uuid()::text, 'en', md5(random()::text) || md5(random()::text) || md5(random()::text),
              'stall-' || i || '@example.com', 'paypal', 799, 'USD', md5(random()::text) || md5(random()::text) || md5(random()::text)
       FROM generate_series(1, 20000) AS i`,
    );
    const stallPath = join(dir, 'stall.sock');
    const stalled = (await startControlSocket(stallPath, shopControl, { idleMs: 300 }))!;
    try {
      const socket = connect(stallPath);
      socket.on('error', () => undefined);
      socket.write('{"command":"backup"}\n');
      socket.pause(); // reads nothing more than its buffer holds
      await once(socket, 'readable'); // the header is there: the backup's transaction is open
      // The server's backup holds PGlite's one connection while it waits; the cut-off rolls it back.
      const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      expect(rows[0]!.n).toBeGreaterThan(20000);
      // What did arrive is a backup cut short, with no exit code: the command line keeps no file.
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.resume();
      await once(socket, 'close');
      expect(received).not.toContain('"exit"');
    } finally {
      stalled.close();
    }
  }, 60_000);
});

describe('finding the server', () => {
  it('finds none where no socket is, or where a killed server left its socket file; a new server takes that file over', async () => {
    const stale = join(dir, 'stale.sock');
    expect(await connectControl(stale)).toBeUndefined();
    const child = spawn(
      process.execPath,
      ['-e', `require('net').createServer().listen(${JSON.stringify(stale)}, () => console.log('up'))`],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await once(child.stdout!, 'data');
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(statSync(stale).isSocket()).toBe(true);
    expect(await connectControl(stale)).toBeUndefined();
    const handler: ControlHandler = async (_request, _body, reply) => {
      reply.send({ out: 'here' });
      return 0;
    };
    const fresh = (await startControlSocket(stale, handler))!;
    try {
      const socket = (await connectControl(stale))!;
      expect(await remoteShop(socket, [], { out: (t) => expect(t).toBe('here'), err: () => undefined })).toBe(0);
      // A second server on the same DATA_DIR leaves a live one's socket alone.
      expect(await startControlSocket(stale, handler)).toBeUndefined();
      expect(await remoteShop((await connectControl(stale))!, [], { out: () => undefined, err: () => undefined })).toBe(
        0,
      );
    } finally {
      fresh.close();
    }
  }, 60_000);
});
