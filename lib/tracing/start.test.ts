import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '@/lib/env';

// Which of OpenTelemetry's SDK modules the process imported: the mock stands in for lib/tracing/sdk.ts
// (the one module that imports the SDK), and its factory runs only when that module is imported.
const loaded = vi.hoisted(() => ({ sdk: false, started: [] as unknown[] }));
vi.mock('./sdk', () => {
  loaded.sdk = true;
  return { startSdk: (...args: unknown[]) => void loaded.started.push(args) };
});

afterEach(() => {
  vi.resetModules();
  loaded.sdk = false;
  loaded.started = [];
});

describe('tracing starts only when OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  it('unset: the SDK is never imported', async () => {
    const { startTracing } = await import('./start');
    await expect(startTracing(parseEnv({}))).resolves.toBe(false);
    await expect(
      startTracing(parseEnv({ OTEL_SERVICE_NAME: 'amora-eu', OTEL_EXPORTER_OTLP_ENDPOINT: '' })),
    ).resolves.toBe(false);
    expect(loaded.sdk).toBe(false);
  });

  it('set: the SDK is imported and started with the collector’s traces URL', async () => {
    const { startTracing } = await import('./start');
    await expect(
      startTracing(parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', PORT: '3001' })),
    ).resolves.toBe(true);
    expect(loaded.sdk).toBe(true);
    expect(loaded.started).toEqual([
      [
        {
          tracesUrl: 'http://collector:4318/v1/traces',
          headers: {},
          serviceName: 'amora',
          sampler: 'parentbased_always_on',
          ratio: 1,
        },
        3001,
      ],
    ]);
  });
});
