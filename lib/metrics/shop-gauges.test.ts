import { afterEach, describe, expect, it } from 'vitest';
import type { Readiness } from '@/lib/health/readiness';
import { disableMetrics, enableMetrics } from './registry';
import { watchShop } from './shop-gauges';

/**
 * The mail queue and readiness gauges are read from the database when Prometheus scrapes: at most
 * one read at a time, kept for 5 s, so scrapes (however many) cannot load the database.
 */
afterEach(() => disableMetrics());

const readyAll: Readiness = { ready: true, checks: { database: 'ok', migrations: 'ok', books: 'ok' } };

function scraping(mail: () => Promise<{ depth: number; oldestSeconds: number }>, readiness = async () => readyAll) {
  const live = enableMetrics();
  let clock = 1_000_000;
  let reads = 0;
  watchShop(readiness, {
    readMail: () => {
      reads += 1;
      return mail();
    },
    now: () => clock,
  });
  return {
    scrape: () => live.registry.metrics(),
    reads: () => reads,
    advance: (ms: number) => (clock += ms),
  };
}

describe('shop gauges', () => {
  it('says the queue depth, the oldest email and readiness, from one read per 5 s however many scrapes', async () => {
    const shop = scraping(async () => ({ depth: 3, oldestSeconds: 720.5 }));
    const text = await shop.scrape();
    expect(text).toMatch(/^amora_mail_queue_depth 3$/m);
    expect(text).toMatch(/^amora_mail_queue_oldest_age_seconds 720.5$/m);
    expect(text).toMatch(/^amora_ready\{check="all"\} 1$/m);
    expect(text).toMatch(/^amora_ready\{check="database"\} 1$/m);
    await Promise.all([shop.scrape(), shop.scrape(), shop.scrape()]);
    shop.advance(4_999);
    await shop.scrape();
    expect(shop.reads()).toBe(1);
    shop.advance(2);
    await shop.scrape();
    expect(shop.reads()).toBe(2);
  });

  it('never starts a second read while one is under way, however old it is', async () => {
    let finish: (value: { depth: number; oldestSeconds: number }) => void = () => undefined;
    const shop = scraping(() => new Promise((resolve) => (finish = resolve)));
    const first = shop.scrape();
    shop.advance(60_000);
    const second = shop.scrape();
    expect(shop.reads()).toBe(1);
    finish({ depth: 0, oldestSeconds: 0 });
    expect(await first).toMatch(/^amora_mail_queue_depth 0$/m);
    expect(await second).toMatch(/^amora_mail_queue_oldest_age_seconds 0$/m);
  });

  it('says the mail gauges are unknown (NaN) when the queue cannot be read, and not ready when the checks fail', async () => {
    const shop = scraping(
      () => Promise.reject(new Error('database gone')),
      async () => ({ ready: false, checks: { database: 'failed', migrations: 'pending', books: 'ok' } }),
    );
    const text = await shop.scrape();
    expect(text).toMatch(/^amora_mail_queue_depth NaN$/im);
    expect(text).toMatch(/^amora_mail_queue_oldest_age_seconds NaN$/im);
    expect(text).toMatch(/^amora_ready\{check="all"\} 0$/m);
    expect(text).toMatch(/^amora_ready\{check="database"\} 0$/m);
    expect(text).toMatch(/^amora_ready\{check="books"\} 1$/m);
  });
});
