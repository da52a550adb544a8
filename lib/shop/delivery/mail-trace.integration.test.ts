import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '@/lib/db/client';
import type { OutgoingMail } from '@/lib/mail/transport';
import { recordSpans } from '@/lib/testing/spans';
import { createTestDatabase } from '@/lib/testing/postgres';
import { startRequestSpan, withRequestSpan } from '@/lib/tracing/tracer';
import { placeOrder } from '../orders/orders';
import { demoPayments } from '../payments/payment';
import { deliverPendingMail } from './deliver-mail';

/**
 * Issue 48, goal C: an order's email is sent later, by the mail worker, yet its delivery is a span
 * of the order's trace: the request's traceparent is kept with the queued row (mail_queue.traceparent)
 * and the delivery span continues it. On PGlite, with the SDK in memory (lib/testing/spans.ts).
 */
const url = process.env.TEST_DATABASE_URL;
// On PGlite always; on PostgreSQL too when TEST_DATABASE_URL names one (npm test starts one).
const DATABASES = [
  {
    kind: 'pglite' as const,
    open: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'amora-mail-trace-'));
      return { db: await openDb({ dataDir: dir }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  ...(url
    ? [
        {
          kind: 'postgres' as const,
          open: async () => {
            const own = await createTestDatabase(url, 'amora_mail_trace');
            return { db: await openDb({ databaseUrl: own.url, dataDir: tmpdir() }), cleanup: own.drop };
          },
        },
      ]
    : []),
];

let recording: ReturnType<typeof recordSpans> | undefined;
afterEach(async () => {
  await recording?.stop();
  recording = undefined;
});

const buyer = () => ({
  editionId: 'en',
  name: 'Oriane Quillfeather',
  email: `oriane.quillfeather+${Date.now()}@example.com`,
  paymentMethod: 'paypal' as const,
});

const deliver = async (db: Db) => {
  const sent: OutgoingMail[] = [];
  const result = await deliverPendingMail(db, {
    siteUrl: 'https://amora.example',
    secret: 's'.repeat(64),
    send: async (mail) => void sent.push(mail),
  });
  return { ...result, sent };
};

describe.each(DATABASES)('an order’s email and its trace, on $kind', ({ kind, open }) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await open());
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await cleanup?.();
  });

  it('is delivered, out of the request, as a span of the order’s trace; no span names the buyer', async () => {
    recording = recordSpans();
    const input = buyer();
    const request = startRequestSpan('POST')!;
    const placed = await withRequestSpan(request, () => placeOrder(db, input, { payments: demoPayments }));
    request.end('/api/orders', 201);
    expect(placed.ok).toBe(true);
    const { rows } = await db.query<{ traceparent: string }>('SELECT traceparent FROM mail_queue WHERE order_id = $1', [
      placed.ok ? placed.order.id : '',
    ]);
    expect(rows[0]!.traceparent).toMatch(new RegExp(`^00-${request.traceId}-[0-9a-f]{16}-01$`));

    // The worker's pass: a timer's, with no request span active.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { sent } = await deliver(db);
    expect(sent.map((mail) => mail.to)).toEqual([input.email]);

    const spans = recording.spans();
    const [delivery] = recording.named('deliver mail');
    expect(delivery!.spanContext().traceId).toBe(request.traceId);
    const queued = spans.find((span) => span.spanContext().spanId === delivery!.parentSpanContext?.spanId);
    expect(queued?.name).toBe('transaction');
    expect(delivery!.attributes).toEqual({ 'amora.mail.kind': 'magic-link', 'amora.mail.attempt': 1 });
    // Its own work is its children: the SMTP hand-over and the row marked sent.
    const children = spans.filter((span) => span.parentSpanContext?.spanId === delivery!.spanContext().spanId);
    expect(children.map((span) => span.name)).toEqual(expect.arrayContaining(['smtp send', 'UPDATE mail_queue']));
    // The order's statements are spans of the request, named by operation and table.
    const insert = recording.named('INSERT orders')[0]!;
    expect(insert.spanContext().traceId).toBe(request.traceId);
    expect(insert.attributes).toEqual({
      'db.system.name': 'postgresql',
      'db.operation.name': 'INSERT',
      'db.collection.name': 'orders',
      'amora.db': kind,
    });
    const exported = JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events, span.status]));
    for (const secret of [input.email, 'Quillfeather', 'Oriane']) expect(exported).not.toContain(secret);
  });

  it('marks a refused delivery’s span failed, by the refusal’s class only, and the email stays queued', async () => {
    recording = recordSpans();
    const input = buyer();
    const request = startRequestSpan('POST')!;
    const placed = await withRequestSpan(request, () => placeOrder(db, input, { payments: demoPayments }));
    request.end('/api/orders', 201);
    class SmtpRefusal extends Error {
      override name = 'SmtpRefusal';
    }
    const result = await deliverPendingMail(db, {
      siteUrl: 'https://amora.example',
      secret: 's'.repeat(64),
      send: async (mail) => {
        throw new SmtpRefusal(`550 no such mailbox ${mail.to}`);
      },
    });
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const refused = recording.named('deliver mail').find((span) => span.spanContext().traceId === request.traceId)!;
    expect(refused.status).toEqual({ code: 2 });
    expect(refused.attributes['error.type']).toBe('SmtpRefusal');
    const { rows } = await db.query<{ sent_at: string | null }>('SELECT sent_at FROM mail_queue WHERE order_id = $1', [
      placed.ok ? placed.order.id : '',
    ]);
    expect(rows).toEqual([{ sent_at: null }]);
    expect(JSON.stringify(recording.spans().map((span) => [span.attributes, span.events, span.status]))).not.toContain(
      input.email,
    );
  });

  it('keeps no traceparent while tracing is off, and the email goes out as before', async () => {
    const input = buyer();
    const placed = await placeOrder(db, input, { payments: demoPayments });
    const { rows } = await db.query<{ traceparent: string | null }>(
      'SELECT traceparent FROM mail_queue WHERE order_id = $1',
      [placed.ok ? placed.order.id : ''],
    );
    expect(rows).toEqual([{ traceparent: null }]);
    expect((await deliver(db)).sent.map((mail) => mail.to)).toContain(input.email);
  });
});
