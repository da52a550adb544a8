import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_CACHE, answerSample, sampleNamed } from './sample-answer';
import { editions } from './catalogue';
import { SAMPLE_FORMATS, sampleFileName } from './sample-links';

const SHA = 'a'.repeat(64);
const loader = () => vi.fn(async () => ({ bytes: new Uint8Array([1, 2, 3]), sha256: SHA }));
const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://localhost/samples/x', { method, headers });

describe('the sample files’ route (GET/HEAD /samples/{file})', () => {
  it('knows the 34 names of sample-links.ts, one per edition and format, and no other', () => {
    for (const edition of editions)
      for (const format of SAMPLE_FORMATS)
        expect(sampleNamed(sampleFileName(edition.id, format))).toEqual({ edition, format });
  });

  it('answers a sample with its type, an attachment name, a day of public caching and its sha256 as a strong ETag', async () => {
    for (const [id, format, type] of [
      ['en', 'pdf', 'application/pdf'],
      ['ar', 'epub', 'application/epub+zip'],
      ['zh-CN', 'pdf', 'application/pdf'],
    ] as const) {
      const load = loader();
      const name = sampleFileName(id, format);
      const response = await answerSample(get(), name, load);
      expect(load).toHaveBeenCalledWith(
        editions.find((e) => e.id === id),
        format,
      );
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': type,
        'content-length': '3',
        'content-disposition': `attachment; filename="${name}"`,
        'cache-control': SAMPLE_CACHE,
        etag: `"${SHA}"`,
      });
      expect(SAMPLE_CACHE).toBe('public, max-age=86400');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    }
  });

  it('answers HEAD with the same headers and no body', async () => {
    const response = await answerSample(get({}, 'HEAD'), sampleFileName('ja', 'epub'), loader());
    expect([response.status, response.headers.get('content-length'), response.headers.get('etag')]).toEqual([
      200,
      '3',
      `"${SHA}"`,
    ]);
    expect(response.body).toBeNull();
  });

  it('answers 304 to a client that has it (If-None-Match, weakly compared, in a list, or *), with the caching headers', async () => {
    for (const tag of [`"${SHA}"`, `W/"${SHA}"`, `"other", "${SHA}"`, '*']) {
      const response = await answerSample(get({ 'If-None-Match': tag }), sampleFileName('en', 'pdf'), loader());
      expect([response.status, response.headers.get('etag'), response.headers.get('cache-control')], tag).toEqual([
        304,
        `"${SHA}"`,
        SAMPLE_CACHE,
      ]);
      expect(response.body).toBeNull();
    }
    const changed = await answerSample(get({ 'If-None-Match': '"b"' }), sampleFileName('en', 'pdf'), loader());
    expect(changed.status).toBe(200);
  });

  it('answers 404, reading nothing, to any other name: other ids, other cases, path tricks, encoded slashes', async () => {
    const load = loader();
    for (const name of [
      '',
      'the-love-blueprint-xx-sample.pdf',
      'the-love-blueprint-en-sample.PDF',
      'The-Love-Blueprint-en-sample.pdf',
      'the-love-blueprint-zh-cn-sample.pdf',
      'the-love-blueprint-en-sample.epub.pdf',
      'the-love-blueprint-en-sample.doc',
      'the-love-blueprint-en.pdf',
      'the-love-blueprint-en-af7375418e4a87ee.pdf',
      'manifest.json',
      '../manifest.json',
      '..%2Fmanifest.json',
      '..%2fthe-love-blueprint-en-sample.pdf',
      'x/../the-love-blueprint-en-sample.pdf',
      'the-love-blueprint-en-sample.pdf%00',
      'the-love-blueprint-en-sample.pdf\0',
      'the-love-blueprint-en-sample.pdf/',
      ' the-love-blueprint-en-sample.pdf',
      'the-love-blueprint-en-sample.pdf?x=1',
      'the-love-blueprint-constructor-sample.pdf',
      'the-love-blueprint-__proto__-sample.pdf',
    ]) {
      const response = await answerSample(get(), name, load);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toEqual({ error: 'not_found', message: 'There is no sample file of that name.' });
    }
    expect(load).not.toHaveBeenCalled();
  });
});
