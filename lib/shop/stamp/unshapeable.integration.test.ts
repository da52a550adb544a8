import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { expect, it, vi } from 'vitest';
import { stampBook } from './stamp';

// A face that cannot shape a run (fontkit's shaper threw on Noto Sans Gurmukhi's ਸਿੰਘ; HarfBuzz or
// the subsetter could still fail on a broken face). Here every shaping throws, standing in for one.
vi.mock('./shape', () => ({
  shapeRun: () => {
    throw new RangeError('memory access out of bounds');
  },
}));

it('a name that cannot be shaped is stamped as ? and the rest of the line as written, instead of failing the download', async () => {
  const doc = await PDFDocument.create();
  doc.addPage([400, 60]);
  const stamped = await stampBook(
    await doc.save(),
    { name: 'ਸਿੰਘ', email: 'buyer@example.com', orderId: 'order-7' },
    'Licensed to {name} <{email}>',
    'ltr',
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
