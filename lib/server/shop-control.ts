import { z } from 'zod';
import { getDb } from '@/lib/db/client';
import { BackupError } from '@/lib/db/backup/format';
import { runShop } from '@/lib/cli/shop';
import { deliverDueMail, localBackups, providerRefunder } from '@/lib/cli/shop-service';
import type { ControlHandler } from './control-socket';

const request = z.discriminatedUnion('command', [
  z.object({ command: z.literal('backup') }),
  z.object({ command: z.literal('restore'), merge: z.boolean() }),
  // backup and restore have requests of their own: they move a file's lines, not text.
  z.object({ command: z.literal('shop'), argv: z.array(z.string().max(1000)).max(50) }),
]);

/**
 * What the server does for `npm run shop` over its control socket (control-socket.ts): the same
 * as the command line does with a database of its own (lib/cli/shop-service.ts), on the server's.
 */
export const shopControl: ControlHandler = async (raw, body, reply) => {
  const parsed = request.safeParse(raw);
  if (!parsed.success) {
    reply.send({ error: 'The request is not one this server knows (is npm run shop from another version?).' });
    return 1;
  }
  const db = await getDb();
  const command = parsed.data;
  try {
    switch (command.command) {
      case 'backup':
        reply.send({ result: await localBackups(db).backup(reply.data) });
        return 0;
      case 'restore':
        reply.send({ result: await localBackups(db).restore(body, command.merge) });
        return 0;
      case 'shop':
        if (['backup', 'restore'].includes(command.argv[0] ?? ''))
          throw new BackupError('Send that as its own request.');
        return await runShop(command.argv, {
          db,
          out: (text) => reply.send({ out: text }),
          err: (text) => reply.send({ err: text }),
          deliver: deliverDueMail(db),
          refunder: providerRefunder(),
        });
    }
  } catch (error) {
    // The operator's mistake (not a backup, another key, a database with orders): said, not logged.
    if (!(error instanceof BackupError)) throw error;
    reply.send({ error: error.message });
    return 1;
  }
};
