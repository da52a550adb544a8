import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogs } from '@/lib/testing/logs';
import { reportingFailures } from './export-failures';

let logs: ReturnType<typeof captureLogs> | undefined;
afterEach(() => {
  logs?.restore();
  logs = undefined;
});

const SECRET_URL = 'https://user:pa55word@collector.example/v1/traces';

describe('spans the collector did not take', () => {
  it('are said in the log, at most once a minute, by count and error class, never by the error’s text', async () => {
    logs = captureLogs('info');
    let ok = false;
    let clock = 0;
    const inner: SpanExporter = {
      export: (_spans, done) =>
        done(ok ? { code: 0 } : { code: 1, error: new TypeError(`fetch failed: ${SECRET_URL}`) }),
      shutdown: async () => undefined,
    };
    const exporter = reportingFailures(inner, () => clock);
    const send = (count: number) => new Promise((resolve) => exporter.export(Array<ReadableSpan>(count), resolve));
    await send(3);
    clock = 30_000;
    await send(4);
    clock = 60_000;
    await send(5);
    ok = true;
    clock = 200_000;
    await send(6);
    const warnings = logs.entries().filter(({ level }) => level === 'warn');
    expect(warnings).toMatchObject([
      { spans: 3, error: 'TypeError', msg: expect.stringContaining('could not be sent to the collector') },
      { spans: 9, error: 'TypeError' },
    ]);
    expect(logs.text()).not.toContain('pa55word');
  });
});
