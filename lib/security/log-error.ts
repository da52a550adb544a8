import { escapeControls } from '@/lib/cli/terminal-text';
import { logger } from '@/lib/log/logger';

/**
 * Logs a failure whose error may carry what a client sent (a path, a header, a value a query
 * refused): one entry at level error, its context escaped here and the error by the logger's
 * `err` serializer (lib/log/error-fields.ts), which escapes every control character, line breaks
 * included, so a request can neither colour, clear nor forge a line of the server's log
 * (docs/security.md, third review), and drops what the error quotes of a buyer.
 */
export function logError(context: string, error: unknown): void {
  logger().error({ err: error }, escapeControls(context));
}
