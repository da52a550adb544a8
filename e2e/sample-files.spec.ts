import { createHash } from 'node:crypto';
import { test, expect } from './fixtures';
import { readManifest } from '@/lib/shop/book/manifest';
import { sampleFileHref, sampleFileName } from '@/lib/shop/sample-links';

/**
 * GET/HEAD /samples/{file} on the production server, through the front door: the committed
 * sample, the same bytes for everyone, no token, cacheable with a strong ETag (304), and a 404 that
 * reads nothing for any other name. A visitor who chose a language is not sent to a prefix.
 */
const manifest = readManifest();
const TYPES = { pdf: 'application/pdf', epub: 'application/epub+zip' } as const;

test.describe('the sample files', () => {
  for (const id of ['en', 'ar', 'ja'])
    for (const format of ['pdf', 'epub'] as const)
      test(`${sampleFileHref(id, format)} is the committed ${id} sample ${format}, public and revalidated by its sha256`, async ({
        baseURL,
      }) => {
        const record = manifest.editions[id]!.sample![format];
        const url = `${baseURL}${sampleFileHref(id, format)}`;
        // No cookie jar; a chosen language and another Accept-Language change nothing.
        const response = await fetch(url, {
          headers: { Cookie: 'NEXT_LOCALE=fr', 'Accept-Language': 'de' },
          redirect: 'manual',
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(TYPES[format]);
        expect(response.headers.get('content-disposition')).toBe(
          `attachment; filename="${sampleFileName(id, format)}"`,
        );
        expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
        expect(response.headers.get('etag')).toBe(`"${record.sha256}"`);
        expect(response.headers.get('set-cookie')).toBeNull();
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(bytes.byteLength).toBe(record.bytes);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(record.sha256);

        // HEAD: the same headers (Next drops a body-less answer's Content-Length), no body.
        const head = await fetch(url, { method: 'HEAD' });
        expect([head.status, head.headers.get('etag'), head.headers.get('content-type')]).toEqual([
          200,
          `"${record.sha256}"`,
          TYPES[format],
        ]);
        expect((await head.arrayBuffer()).byteLength).toBe(0);

        const again = await fetch(url, { headers: { 'If-None-Match': `"${record.sha256}"` } });
        expect([again.status, again.headers.get('etag'), again.headers.get('cache-control')]).toEqual([
          304,
          `"${record.sha256}"`,
          'public, max-age=86400',
        ]);
      });

  test('any other name under /samples/ is a 404', async ({ baseURL }) => {
    for (const name of [
      'the-love-blueprint-xx-sample.pdf',
      'the-love-blueprint-EN-sample.pdf',
      'the-love-blueprint-en-sample.PDF',
      'the-love-blueprint-en-sample.epub.pdf',
      'the-love-blueprint-zh-cn-sample.epub',
      'manifest.json',
      '..%2Fmanifest.json',
      '..%2fbooks%2fmanifest.json',
      'the-love-blueprint-en-af7375418e4a87ee.pdf',
      '%2E%2E%2Fthe-love-blueprint-en-sample.pdf',
      'the-love-blueprint-en-sample.pdf%2F',
      'the-love-blueprint-en-sample.pdf%00',
    ]) {
      const response = await fetch(`${baseURL}/samples/${name}`, { redirect: 'manual' });
      expect(response.status, name).toBe(404);
      expect(response.headers.get('etag'), name).toBeNull();
      expect(response.headers.get('content-disposition'), name).toBeNull();
    }
  });
});
