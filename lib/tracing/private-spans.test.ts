import { SpanKind, type SpanContext } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { privateAttributes, privateExporter, privateSpan, privateText } from './private-spans';

const TOKEN = 'eyJvIjoiM2YyYjhjMWUtNGQ1Ni00YjY4IiwieCI6MTc2NH0~Tm9UaGlzSXNOb3RBUmVhbFNpZ25hdHVyZUF0QWxs';
const EMAIL = 'oriane.quillfeather@example.com';
const context: SpanContext = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };

/** A span as Next writes its request span (the raw target) with what else a careless span might carry. */
const nextSpan = {
  name: `fetch GET https://api.amora.example/v1/customers?email=${EMAIL}`,
  kind: SpanKind.SERVER,
  spanContext: () => context,
  startTime: [1, 0],
  endTime: [2, 0],
  status: { code: 2, message: `No order for ${EMAIL}` },
  attributes: {
    'http.method': 'GET',
    'http.target': `/library/${TOKEN}`,
    'http.url': `https://amora.example/library/${TOKEN}`,
    'url.full': `https://amora.example/library/${TOKEN}`,
    'url.path': `/library/${TOKEN}`,
    'next.route': '/[locale]/library/[token]',
    'next.span_name': `fetch GET https://api.amora.example/v1/x/${TOKEN}`,
    'http.status_code': 200,
    'enduser.id': EMAIL,
    'amora.note': `mail to ${EMAIL}`,
  },
  links: [],
  events: [
    {
      name: 'exception',
      time: [1, 5],
      attributes: {
        'exception.type': 'Error',
        'exception.message': `No order for ${EMAIL}`,
        'exception.stacktrace': `Error: No order for ${EMAIL}\n    at x`,
      },
    },
  ],
  duration: [1, 0],
  ended: true,
  resource: {} as ReadableSpan['resource'],
  instrumentationScope: { name: 'next.js' },
  droppedAttributesCount: 0,
  droppedEventsCount: 0,
  droppedLinksCount: 0,
} as unknown as ReadableSpan;

describe('spans leave without personal data', () => {
  it('keeps route patterns, methods and statuses; drops raw targets, URLs and unknown attributes; takes emails out of text', () => {
    const copy = privateSpan(nextSpan);
    expect(copy.attributes).toEqual({
      'http.method': 'GET',
      'next.route': '/[locale]/library/[token]',
      'next.span_name': 'fetch GET https://api.amora.example',
      'http.status_code': 200,
      'amora.note': 'mail to [email]',
    });
    expect(copy.name).toBe('fetch GET https://api.amora.example');
    expect(copy.status).toEqual({ code: 2 });
    expect(copy.events).toEqual([{ name: 'exception', time: [1, 5], attributes: { 'exception.type': 'Error' } }]);
    expect(copy.spanContext()).toBe(context);
    const exported = JSON.stringify({ ...copy, context: copy.spanContext() });
    for (const secret of [TOKEN, EMAIL, TOKEN.split('~')[0]!, TOKEN.split('~')[1]!])
      expect(exported).not.toContain(secret);
  });

  it('cuts any URL in text to its origin and replaces email addresses', () => {
    expect(privateText('POST /api/orders')).toBe('POST /api/orders');
    expect(privateText('render route (app) /[locale]/library/[token]')).toBe(
      'render route (app) /[locale]/library/[token]',
    );
    expect(privateText('see http://localhost:3000/library/abc~def?x=1#y now')).toBe('see http://localhost:3000 now');
    expect(privateText(`for ${EMAIL} and A.B+c@d.example.org`)).toBe('for [email] and [email]');
    expect(
      privateAttributes({ 'amora.list': [EMAIL, 'x'], 'db.operation.name': 'SELECT', 'db.query.text': 'SELECT 1' }),
    ).toEqual({
      'amora.list': ['[email]', 'x'],
      'db.operation.name': 'SELECT',
    });
  });

  it('hands the exporter the private copies only', async () => {
    const seen: ReadableSpan[][] = [];
    const exporter = privateExporter({
      export: (spans, done) => {
        seen.push(spans);
        done({ code: 0 });
      },
      shutdown: async () => undefined,
    });
    await new Promise((resolve) => exporter.export([nextSpan], resolve));
    expect(seen[0]![0]!.attributes['http.target']).toBeUndefined();
    await expect(exporter.forceFlush!()).resolves.toBeUndefined();
  });
});
