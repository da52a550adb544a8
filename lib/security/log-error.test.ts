import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '@/lib/testing/logs';
import { logError } from './log-error';

// The third review's finding 7 (docs/security.md): a request's text reached the log with its
// control characters (CSI, OSC, ST as C1 bytes), which a terminal showing the log obeys.
const ATTACK = '\u009b2J\u009b31mOWNED\u009d0;pwned\u009c\u001b[0m\r\nFAKE LINE\u202e';
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Every string an entry's value holds, however deep. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

describe('logError', () => {
  let logs: ReturnType<typeof captureLogs>;
  afterEach(() => logs.restore());

  it('writes one entry at level error, its context and error escaped, whose values hold no control character', () => {
    logs = captureLogs();
    logError(`Request failed ${ATTACK}`, new Error(`bad action ${ATTACK}`));
    const entries = logs.entries();
    expect(entries).toHaveLength(1);
    const { level, msg, err } = entries[0] as { level: string; msg: string; err: { message: string; stack: string } };
    expect(level).toBe('error');
    // The values themselves, not only the line: pino-pretty and `jq -r` show them raw.
    expect(msg).toBe(
      'Request failed \\u009b2J\\u009b31mOWNED\\u009d0;pwned\\u009c\\u001b[0m\\u000d\\u000aFAKE LINE\\u202e',
    );
    expect(err.message).toBe(
      'bad action \\u009b2J\\u009b31mOWNED\\u009d0;pwned\\u009c\\u001b[0m\\u000d\\u000aFAKE LINE\\u202e',
    );
    for (const frame of err.stack.split('\n')) expect(frame).toMatch(/^at /);
    for (const text of [msg, ...strings(err)]) expect(text.replaceAll('\n', '')).not.toMatch(CONTROLS);
    expect(logs.text()).not.toMatch(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('escapes what an error carries besides its message: a kept property, a cause, a thrown non-error', () => {
    logs = captureLogs();
    logError('Refused', Object.assign(new Error('refused', { cause: new TypeError(ATTACK) }), { code: 'E\u009bX' }));
    logError('Refused', ATTACK);
    logError('Refused', { header: ATTACK });
    const [first, ...rest] = logs.entries() as {
      err: { code?: string; cause?: { message: string }; message: string };
    }[];
    expect(first!.err.code).toBe('E\\u009bX');
    expect(first!.err.cause!.message).toMatch(/^\\u009b2J/);
    for (const entry of [first!, ...rest]) for (const text of strings(entry.err)) expect(text).not.toMatch(CONTROLS);
  });

  it('leaves letters of every script as they are', () => {
    logs = captureLogs();
    logError('Failed', new Error('Léa 山田 محمد'));
    expect((logs.entries()[0] as { err: { message: string } }).err.message).toBe('Léa 山田 محمد');
  });
});
