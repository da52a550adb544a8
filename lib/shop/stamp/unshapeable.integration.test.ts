import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { expect, it, vi } from 'vitest';
import { stampBook } from './stamp';

// fontkit throws on some sequences in some faces (Noto Sans Gurmukhi's ਸਿੰਘ did). Here every
// shaper throws, standing in for such a face.
vi.mock('./fonts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./fonts')>()),
  fontOf: async () => ({
    unitsPerEm: 1000,
    layout: () => {
      throw new TypeError("Cannot read properties of null (reading 'xCoordinate')");
    },
  }),
}));

it('a name fontkit cannot shape is stamped as ? and the rest of the line as written, instead of failing the download', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([400, 60]);
  const stamped = await stampBook(
    await doc.save(),
    { name: 'ਸਿੰਘ', email: 'buyer@example.com', orderId: 'order-7' },
    'Licensed to {name} <{email}>',
  );
  const dir = mkdtempSync(join(tmpdir(), 'amora-unshapeable-'));
  try {
    writeFileSync(join(dir, 'copy.pdf'), stamped);
    const text = execFileSync('pdftotext', [join(dir, 'copy.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Licensed to ????');
    expect(text).toContain('<buyer@example.com>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
