import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { editions } from '../catalogue';
import { stampedEpub } from './base-epubs';
import { PACKAGE_PATH, TITLE_PAGE_PATH } from './epub/paths';
import { entryText, readZip } from './epub/zip';

// Counts the reads of committed files, so the test can see the base EPUB is read once.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return { ...actual, readFile: vi.fn(actual.readFile) };
});

/** stampedEpub: the committed EPUB of the edition, stamped for the buyer; the base is read once. */
describe('stampedEpub', () => {
  const ar = editions.find((e) => e.id === 'ar')!;
  const buyer = { name: 'ليلى أحمد', email: 'layla@example.com', orderId: 'ord_ar_1' };

  it("makes the buyer's copy of the edition", async () => {
    const entries = readZip(await stampedEpub(ar, buyer));
    expect(entryText(entries, TITLE_PAGE_PATH)).toContain('<bdi>ليلى أحمد</bdi>');
    expect(entryText(entries, PACKAGE_PATH)).toMatch(
      /<dc:rights>مرخّص لـ ليلى أحمد &lt;layla@example.com&gt; · الطلب ord_ar_1 · /,
    );
    expect(entryText(entries, PACKAGE_PATH)).toContain('<dc:language>ar</dc:language>');
  });

  it('reads the base file once, however many copies it makes', async () => {
    const reads = () => vi.mocked(readFile).mock.calls.filter(([path]) => String(path).endsWith('.epub')).length;
    await stampedEpub(ar, buyer);
    const before = reads();
    const copies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => stampedEpub(ar, { ...buyer, orderId: `ord_ar_${i}` })),
    );
    expect(reads()).toBe(before);
    expect(before).toBe(1);
    expect(entryText(readZip(copies[9]!), TITLE_PAGE_PATH)).toContain('ord_ar_9');
  });
});
