import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '@/lib/testing/logs';
import { logger } from './logger';
import { errorFields } from './error-fields';

// A buyer as the shop knows them, and what the shop holds about them.
const EMAIL = 'lea.martin+books@example.com';
const NAME = 'Léa Martin-Żółć';
const TOKEN = 'eyJvIjoiM2YyYjhjMWUiLCJ4IjoxNzY0fQ~Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg';
const COOKIE = 'CookieConsent=true; NEXT_LOCALE=fr';

let logs: ReturnType<typeof captureLogs>;
afterEach(() => logs?.restore());

describe('the logger', () => {
  it('writes one JSON line per entry, with its level by name, the time, the instance and the process', () => {
    logs = captureLogs();
    logger().info({ orderId: 'o-1' }, 'Order stored');
    const [entry, ...rest] = logs.entries();
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ level: 'info', msg: 'Order stored', orderId: 'o-1', pid: process.pid });
    expect(entry!.instance).toMatch(/^.+:3000$/);
    expect(new Date(entry!.time as string).toISOString()).toBe(entry!.time);
    expect(logs.text().endsWith('\n')).toBe(true);
  });

  it('keeps nothing below its level, and nothing at all when silent', () => {
    logs = captureLogs('warn');
    logger().info('hidden');
    logger().warn('shown');
    expect(logs.entries().map(({ msg }) => msg)).toEqual(['shown']);
    logs.restore();
    logs = captureLogs('silent');
    logger().fatal('hidden too');
    expect(logs.text()).toBe('');
  });

  it('replaces fields that hold personal data, at the top and one level down', () => {
    logs = captureLogs();
    logger().info(
      {
        email: EMAIL,
        name: NAME,
        token: TOKEN,
        cookie: COOKIE,
        downloadUrl: `/api/download/${TOKEN}/the-love-blueprint-en.pdf`,
        order: { email: EMAIL, name: NAME, cardLast4: '4242', libraryUrl: `https://amora.example/library/${TOKEN}` },
        headers: { cookie: COOKIE },
        mail: { to: EMAIL },
      },
      'an entry someone wrote carelessly',
    );
    const text = logs.text();
    for (const secret of [EMAIL, NAME, TOKEN, COOKIE, '4242']) expect(text).not.toContain(secret);
    expect(logs.entries()[0]).toMatchObject({ email: '[redacted]', order: { name: '[redacted]' } });
  });

  it('writes an error without what it quotes: addresses, tokens, and the values a database or mail server repeats', () => {
    logs = captureLogs();
    const refused = Object.assign(new Error(`Can't send mail - all recipients were rejected: 550 <${EMAIL}>`), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: `550 5.1.1 <${EMAIL}>: Recipient address rejected (${NAME})`,
      rejected: [EMAIL],
    });
    const stored = Object.assign(
      new Error('new row for relation "orders" violates check constraint', { cause: refused }),
      {
        code: '23514',
        constraint: 'orders_name_check',
        detail: `Failing row contains (o-1, ${NAME}, ${EMAIL}, en).`,
      },
    );
    logger().error({ err: stored }, 'Order could not be stored');
    logger().error({ err: new Error(`Render failed for /library/${TOKEN}`) }, 'Request failed');
    const text = logs.text();
    for (const secret of [EMAIL, NAME, TOKEN]) expect(text).not.toContain(secret);
    const [first, second] = logs.entries() as [{ err: Record<string, unknown> }, { err: Record<string, unknown> }];
    expect(first.err).toMatchObject({
      type: 'Error',
      code: '23514',
      constraint: 'orders_name_check',
      cause: { code: 'EENVELOPE', responseCode: 550, message: expect.stringContaining('<[email]>') },
    });
    expect(first.err.detail).toBeUndefined();
    expect(first.err.stack).toMatch(/^at /);
    expect(second.err.message).toBe('Render failed for /library/[token]');
  });

  // The third review's finding 7 (docs/security.md): a request's text reached the log with its
  // control characters (CSI, OSC, ST as C1 bytes), which a terminal showing the log obeys.
  it('writes no control character a terminal would act on, whatever a message or field holds', () => {
    const attack = '\u009b2J\u009b31mOWNED\u009d0;pwned\u009c\u001b[0m\r\nFAKE LINE\u202e';
    logs = captureLogs();
    logger().warn({ path: `/blog/${attack}`, err: new Error(attack) }, `Not shared: ${attack}`);
    const text = logs.text();
    expect(text.split('\n')).toHaveLength(2);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    // The same JSON value: a field that was not escaped on its way in reads back as it was.
    expect(logs.entries()[0]!.path).toBe(`/blog/${attack}`);
  });
});

describe('errorFields', () => {
  it('escapes the controls of a message, its kept properties and a cause, and leaves every script as it is', () => {
    const fields = errorFields(new Error('Léa 山田 محمد \u001b[31m', { cause: 'plain \u009b' }));
    expect(fields.message).toBe('Léa 山田 محمد \\u001b[31m');
    expect(fields.cause).toEqual({ type: 'string', message: 'plain \\u009b' });
  });

  it('describes a thrown non-error without its addresses', () => {
    expect(errorFields({ recipient: EMAIL, code: 5 }).message).toBe("{ recipient: '[email]', code: 5 }");
  });
});
