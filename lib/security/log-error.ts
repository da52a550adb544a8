import { inspect } from 'node:util';
import { escapeControls } from '@/lib/cli/terminal-text';

/**
 * Logs a failure whose error may carry what a client sent (a path, a header, a value a query
 * refused): its message, its properties and its cause are written with every control character
 * escaped, line breaks included, so a request can neither colour, clear nor forge a line of the
 * server's log (docs/security.md, third review). The stack's frames are the code's own lines.
 */
export function logError(context: string, error: unknown): void {
  console.error(`${escapeControls(context)} ${errorText(error)}`);
}

/** An error as log text (one line for what it says, then its frames); a cause is followed three deep. */
export function errorText(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return escapeControls(shown(error));
  const { name, message, stack = '', cause } = error;
  const extra = Object.entries(error)
    .filter(([key]) => key !== 'cause')
    .map(([key, value]) => ` ${escapeControls(key)}=${escapeControls(shown(value))}`)
    .join('');
  // V8 writes the message, whatever lines it has, before the first "    at" frame.
  const frames = stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .map((line) => `\n${escapeControls(line)}`)
    .join('');
  const caused =
    cause !== undefined && depth < 3 ? `\n  [cause] ${errorText(cause, depth + 1).replaceAll('\n', '\n  ')}` : '';
  return `${escapeControls(name)}: ${escapeControls(message)}${extra}${frames}${caused}`;
}

const shown = (value: unknown) =>
  typeof value === 'string' ? value : inspect(value, { depth: 2, breakLength: Infinity, colors: false });
