import { setLogDestination } from '@/lib/log/logger';
import type { LogLevel } from '@/lib/env';

/**
 * The process's log, caught in memory for a test: each line as written (`text`) and parsed
 * (`entries`). `restore` puts the real logger back.
 */
export function captureLogs(level: LogLevel = 'info') {
  const lines: string[] = [];
  const restore = setLogDestination({ write: (line: string) => void lines.push(line) }, { level, port: 3000 });
  return {
    text: () => lines.join(''),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    restore,
  };
}
