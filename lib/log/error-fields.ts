import { inspect } from 'node:util';
import { escapeControls } from '@/lib/cli/terminal-text';
import { scrubText } from './redaction';

/**
 * An error as a log entry's `err` field (pino's serializer for it, lib/log/logger.ts). An error
 * may carry what a client sent (a path, a header, a value a query refused) and what it was about
 * (a mail server quoting the recipient, PostgreSQL's "Failing row contains (…)"), so:
 * - every string is written with its control characters escaped, line breaks included, so a
 *   request can neither colour, clear nor forge a line of the log (docs/security.md, third
 *   review), and with anything shaped like an email address or a link token replaced;
 * - of its own properties only these plain ones are kept: codes and names of things, never
 *   values (PostgreSQL's `detail` and `where`, a mail server's `response`, Stripe's `raw` go);
 * - its stack's frames are the code's own lines; a cause is followed three deep.
 */
const KEPT_PROPERTIES = [
  'code',
  'errno',
  'syscall',
  'status',
  'statusCode',
  'responseCode',
  'command',
  'severity',
  'routine',
  'constraint',
  'table',
  'column',
  'requestId',
] as const;

const MAX_TEXT = 2000;

export type ErrorFields = {
  type: string;
  message: string;
  stack?: string;
  cause?: ErrorFields;
} & Partial<Record<(typeof KEPT_PROPERTIES)[number], string | number | boolean>>;

const clean = (text: string) =>
  escapeControls(scrubText(text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text));

export function errorFields(error: unknown, depth = 0): ErrorFields {
  if (!(error instanceof Error))
    return { type: typeof error, message: clean(typeof error === 'string' ? error : shown(error)) };
  const fields: ErrorFields = { type: clean(error.name), message: clean(error.message) };
  for (const key of KEPT_PROPERTIES) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
    else if (typeof value === 'string') fields[key] = clean(value);
  }
  // V8 writes the message, whatever lines it has, before the first "    at" frame.
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => escapeControls(line.trim()));
  if (frames.length) fields.stack = frames.join('\n');
  if (error.cause !== undefined && depth < 3) fields.cause = errorFields(error.cause, depth + 1);
  return fields;
}

const shown = (value: unknown) => inspect(value, { depth: 2, breakLength: Infinity, colors: false });
