import { afterEach, describe, expect, it } from 'vitest';
import { disableMetrics, enableMetrics, metrics } from './registry';

afterEach(() => disableMetrics());

describe('metrics registry', () => {
  it('is off until enabled, then one per process (on globalThis, whichever bundle asks)', () => {
    expect(metrics()).toBeUndefined();
    const live = enableMetrics();
    expect(enableMetrics()).toBe(live);
    expect(metrics()).toBe(live);
    expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for('amora.metrics')]).toBe(live);
  });

  it("says every metric the runbook names, and Node's own, event-loop lag included", async () => {
    const text = await enableMetrics().registry.metrics();
    const names = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => `${name} ${type}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'amora_http_request_duration_seconds histogram',
        'amora_document_store_requests_total counter',
        'amora_document_renders_total counter',
        'amora_document_store gauge',
        'amora_limit_rejections_total counter',
        'amora_stamping_active gauge',
        'amora_stamping_waiting gauge',
        'amora_stamping_queue_limit gauge',
        'amora_stamping_wait_seconds histogram',
        'amora_stamping_duration_seconds histogram',
        'amora_mail_queue_depth gauge',
        'amora_mail_queue_oldest_age_seconds gauge',
        'amora_mail_deliveries_total counter',
        'amora_ready gauge',
        'amora_orders_total counter',
        'amora_downloads_total counter',
        'amora_db_query_errors_total counter',
        'nodejs_eventloop_lag_seconds gauge',
        'nodejs_eventloop_lag_p99_seconds gauge',
        'nodejs_heap_size_used_bytes gauge',
        'process_cpu_seconds_total counter',
      ]),
    );
  });

  it("reads the document store's size when scraped", async () => {
    const live = enableMetrics();
    live.sources.documents = () => ({ entries: 3, bytes: 4096, rendering: 1 });
    const text = await live.registry.metrics();
    expect(text).toMatch(/^amora_document_store\{measure="entries"\} 3$/m);
    expect(text).toMatch(/^amora_document_store\{measure="bytes"\} 4096$/m);
    expect(text).toMatch(/^amora_document_store\{measure="rendering"\} 1$/m);
  });
});
