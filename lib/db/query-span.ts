import { inSpan } from '@/lib/tracing/tracer';
import type { Db } from './client';

/**
 * A statement's span (docs/operations.md, "Traces"), named as OpenTelemetry's database
 * conventions say: its operation and its first table (`SELECT orders`), never its text or its
 * parameters (which hold emails and names). Costs nothing while tracing is off (lib/tracing/tracer.ts).
 */
export function querySpan<R>(kind: Db['kind'], sql: string, run: () => Promise<R>): Promise<R> {
  const { operation, table } = summaryOf(sql);
  return inSpan(
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
const TABLE = /\b(?:FROM|INTO|UPDATE|JOIN|TABLE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?([A-Za-z_][A-Za-z0-9_]*)/i;

/** A statement's operation (its first keyword, upper case) and the first table it names, if any. */
export function summaryOf(sql: string): { operation: string; table: string | undefined } {
  const operation = (WORD.exec(sql)?.[1] ?? 'QUERY').toUpperCase();
  const table = (operation === 'UPDATE' ? /^\s*UPDATE\s+([A-Za-z_][A-Za-z0-9_]*)/i.exec(sql) : TABLE.exec(sql))?.[1];
  return { operation, table: table?.toLowerCase() };
}
