import pg from 'pg';
import { startPostgres } from '../../deploy/cluster';

/**
 * A new, empty database for a spec's cluster, so no limit or order of an earlier run (or repeat)
 * counts there: on the test PostgreSQL server (TEST_DATABASE_URL, which npm test starts), or else
 * on a server of its own in `dir` on `port`, which `stop` stops.
 */
export async function freshClusterDatabase(dir: string, port: number): Promise<{ url: string; stop(): void }> {
  let url = process.env.TEST_DATABASE_URL;
  let stop = () => undefined as void;
  if (!url) ({ url, stop } = startPostgres(dir, port));
  const name = `amora_cluster_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return { url: fresh.toString(), stop };
}
