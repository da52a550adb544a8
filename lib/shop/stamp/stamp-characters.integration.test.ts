import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { PDFDocument, PageSizes } from 'pdf-lib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bookLabels } from '@/lib/shop/book/labels';
import { editions } from '@/lib/shop/catalogue';
import { directionOfLanguage } from '@/lib/i18n/locales';
import { anyBuyer } from './buyer-arbitraries';
import { licenceText } from './licence';
import { stampBook } from './stamp';

/**
 * Third review, finding 5: the stamp line was filled in by String.replace, which read `$&`, `$'` and
 * `` $` `` in an email as patterns ("Licensed to Bob Doe <aLicensed to Bob Doe <b@x.example> …") and
 * filled in a `{order}` typed into it. For buyers whose name and email hold every kind of character the
 * form's rules allow, the copy's text (pdftotext) holds the licence line exactly, the name and email as
 * typed: composed (NFC), and without the invisible joiners, which the standard font has no glyph for.
 * The left-to-right editions: in the Arabic one pdftotext gives a right-to-left line's pieces in an
 * order of its own (stamp-bidi.integration.test.ts checks that edition's order against Chromium).
 */
const dir = mkdtempSync(join(tmpdir(), 'amora-stamp-characters-'));
let base: Uint8Array;
beforeAll(async () => {
  const doc = await PDFDocument.create();
  doc.addPage(PageSizes.A4);
  base = await doc.save();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const comparable = (text: string) =>
  text
    .replace(BIDI_CONTROLS, '')
    .normalize('NFC')
    .replace(/[\u200c\u200d]/g, '')
    .replace(/\s+/g, ' ');

it('prints the name and email exactly as typed, whatever characters the form allows in them', async () => {
  const ltr = editions.filter((edition) => directionOfLanguage(edition.language) === 'ltr');
  await fc.assert(
    fc.asyncProperty(anyBuyer, fc.constantFrom(...ltr), async (who, edition) => {
      const buyer = { ...who, orderId: '4f0c2a51-9a3e-4c36-8d1e-2b7f6a0c9e11' };
      const template = bookLabels(edition.language).stamp;
      const file = join(dir, 'copy.pdf');
      writeFileSync(file, await stampBook(base, buyer, template, 'ltr'));
      const text = comparable(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }));
      expect(text).toContain(comparable(buyer.name));
      expect(text).toContain(comparable(buyer.email));
      expect(text).toContain(comparable(licenceText(template, buyer)));
    }),
    { numRuns: 30 },
  );
}, 120_000);
