import { inChildSpan } from '@/lib/tracing/tracer';
import type { Db } from './client';

/**
 * A statement's span (docs/operations.md, "Traces"), a child of the span active now (a request's,
 * a delivery's; none for a timer's own polls), named as OpenTelemetry's database conventions say:
 * its operation and its table (`SELECT orders`), never its text or its parameters (which hold
 * emails and names). Costs nothing while tracing is off (lib/tracing/tracer.ts).
 */
export function querySpan<R>(kind: Db['kind'], sql: string, run: () => Promise<R>): Promise<R> {
  const { operation, table } = summaryOf(sql);
  return inChildSpan(
    table ? `${operation} ${table}` : operation,
    {
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      ...(table ? { 'db.collection.name': table } : {}),
      'amora.db': kind,
    },
    run,
  );
}

const WORD = /^\s*(?:WITH\b[\s\S]*?\)\s*)?([A-Za-z]+)/;
const NAME = '([A-Za-z_][A-Za-z0-9_]*)';
/** Where a statement names its table: INSERT INTO t, UPDATE t, CREATE TABLE t; else its first FROM t (not FROM now()). */
const TABLE_OF: Record<string, RegExp> = {
  INSERT: new RegExp(`\\bINTO\\s+${NAME}`, 'i'),
  UPDATE: new RegExp(`\\bUPDATE\\s+${NAME}`, 'i'),
  CREATE: new RegExp(`\\b(?:TABLE|INDEX)\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${NAME}`, 'i'),
  ALTER: new RegExp(`\\bTABLE\\s+${NAME}`, 'i'),
};
const FROM = new RegExp(`\\bFROM\\s+${NAME}\\b(?!\\s*\\()`, 'i');

/** A statement's operation (its first keyword after any WITH, upper case) and the table it works on, if it names one. */
export function summaryOf(sql: string): { operation: string; table: string | undefined } {
  const operation = (WORD.exec(sql)?.[1] ?? 'QUERY').toUpperCase();
  const table = (TABLE_OF[operation] ?? FROM).exec(sql)?.[1];
  return { operation, table: table?.toLowerCase() };
}
