import { describe, expect, it } from 'vitest';
import { summaryOf } from './query-span';

describe('a statement’s span name', () => {
  it('is its operation and first table, never its text or values', () => {
    expect(summaryOf('SELECT * FROM orders WHERE id = $1')).toEqual({ operation: 'SELECT', table: 'orders' });
    expect(summaryOf(`INSERT INTO mail_queue (order_id, kind) VALUES ($1, 'magic-link')`)).toEqual({
      operation: 'INSERT',
      table: 'mail_queue',
    });
    expect(
      summaryOf('UPDATE mail_queue q SET attempts = q.attempts + 1 FROM orders o WHERE q.order_id = o.id'),
    ).toEqual({
      operation: 'UPDATE',
      table: 'mail_queue',
    });
    expect(summaryOf('\n  delete from rate_limits where window_end < now()')).toEqual({
      operation: 'DELETE',
      table: 'rate_limits',
    });
    expect(summaryOf('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER)')).toEqual({
      operation: 'CREATE',
      table: 'schema_migrations',
    });
    expect(
      summaryOf(`WITH clock AS (SELECT extract(epoch FROM now())::float8 AS ts)
      INSERT INTO rate_limits AS r (bucket) SELECT $1 FROM clock`),
    ).toEqual({ operation: 'INSERT', table: 'rate_limits' });
    expect(
      summaryOf(`SELECT count(*)::int AS depth, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
     FROM (SELECT created_at FROM mail_queue WHERE sent_at IS NULL LIMIT $1) AS unsent`),
    ).toEqual({ operation: 'SELECT', table: 'mail_queue' });
    expect(summaryOf('ALTER TABLE mail_queue ADD COLUMN traceparent TEXT')).toEqual({
      operation: 'ALTER',
      table: 'mail_queue',
    });
    expect(summaryOf('BEGIN')).toEqual({ operation: 'BEGIN', table: undefined });
    expect(summaryOf('SELECT pg_advisory_xact_lock(7261504)')).toEqual({ operation: 'SELECT', table: undefined });
    expect(summaryOf('')).toEqual({ operation: 'QUERY', table: undefined });
  });
});
