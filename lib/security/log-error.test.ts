import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText, logError } from './log-error';

// The third review's finding 7 (docs/security.md): a request's text reached the log with its
// control characters (CSI, OSC, ST as C1 bytes), which a terminal showing the log obeys.
const ATTACK = '\u009b2J\u009b31mOWNED\u009d0;pwned\u009c\u001b[0m\r\nFAKE LINE\u202e';
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('errorText', () => {
  it('escapes every control character of the message, line breaks too, and keeps its frames on lines of their own', () => {
    const text = errorText(new Error(`bad action ${ATTACK}`));
    expect(text).not.toMatch(CONTROLS);
    const [first, ...frames] = text.split('\n');
    expect(first).toBe(
      'Error: bad action \\u009b2J\\u009b31mOWNED\\u009d0;pwned\\u009c\\u001b[0m\\u000d\\u000aFAKE LINE\\u202e',
    );
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(frame).toMatch(/^\s+at /);
  });

  it('escapes what an error carries besides its message: properties, a cause, a thrown non-error', () => {
    const error = Object.assign(new Error('refused', { cause: new TypeError(ATTACK) }), {
      code: 'E\u009bX',
      detail: { value: ATTACK },
    });
    const text = errorText(error);
    expect(text).not.toMatch(CONTROLS);
    expect(text).toContain('code=E\\u009bX');
    expect(text).toContain('[cause] TypeError: \\u009b2J');
    expect(errorText(ATTACK)).not.toMatch(CONTROLS);
    expect(errorText({ header: ATTACK })).not.toMatch(CONTROLS);
  });

  it('leaves letters of every script as they are', () => {
    expect(errorText(new Error('Léa 山田 محمد')).split('\n')[0]).toBe('Error: Léa 山田 محمد');
  });
});

describe('logError', () => {
  afterEach(() => vi.restoreAllMocks());
  it('writes one escaped entry with console.error', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logError('Request failed', new Error(ATTACK));
    expect(logged).toHaveBeenCalledTimes(1);
    const [text] = logged.mock.calls[0]!;
    expect(text).toMatch(/^Request failed Error: \\u009b2J/);
    expect(text).not.toMatch(CONTROLS);
  });
});
