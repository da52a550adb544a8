import { describe, expect, it } from 'vitest';
import { editions } from '../catalogue';
import { stampedEpub } from './base-epubs';
import { PACKAGE_PATH, TITLE_PAGE_PATH } from './epub/paths';
import { entryBytes, readZip } from './epub/zip';

/** stampedEpub: the committed EPUB of the edition, stamped for the buyer, in milliseconds once it is read. */
describe('stampedEpub', () => {
  const ar = editions.find((e) => e.id === 'ar')!;
  const buyer = { name: 'ليلى أحمد', email: 'layla@example.com', orderId: 'ord_ar_1' };

  it("makes the buyer's copy of the edition", async () => {
    const entries = readZip(await stampedEpub(ar, buyer));
    const text = (path: string) => new TextDecoder().decode(entryBytes(entries.find((e) => e.name === path)!));
    expect(text(TITLE_PAGE_PATH)).toContain('<bdi>ليلى أحمد</bdi>');
    expect(text(PACKAGE_PATH)).toMatch(/<dc:rights>مرخّص لـ ليلى أحمد &lt;layla@example.com&gt; · الطلب ord_ar_1 · /);
    expect(text(PACKAGE_PATH)).toContain('<dc:language>ar</dc:language>');
  });

  it('reads the base once: a further copy takes milliseconds', async () => {
    await stampedEpub(ar, buyer);
    const started = performance.now();
    for (let i = 0; i < 10; i += 1) await stampedEpub(ar, { ...buyer, orderId: `ord_ar_${i}` });
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });
});
