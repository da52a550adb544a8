import { describe, expect, it } from 'vitest';
import { fileNameOf, readPurchaseData, withoutDownload } from './purchase-data';

const stored = {
  name: 'Ana',
  email: 'ana@example.com',
  paymentMethod: 'card',
  productId: 'en',
  orderId: 'o-1',
  cardLast4: '4242',
  downloadUrl: '/api/download/tok~sig/the-love-blueprint-en.pdf',
  expiresAt: '2026-12-01T00:00:00.000Z',
};

describe('purchase-data (finding 8: the download URL is not kept forever)', () => {
  it('keeps the download URL while the link is valid', () => {
    expect(readPurchaseData(JSON.stringify(stored), Date.parse('2026-11-30T00:00:00Z'))?.downloadUrl).toBe(
      stored.downloadUrl,
    );
  });

  it('drops it once the link has expired, or when no expiry was stored', () => {
    const later = readPurchaseData(JSON.stringify(stored), Date.parse('2026-12-02T00:00:00Z'));
    expect(later).toMatchObject({ name: 'Ana', email: 'ana@example.com', productId: 'en' });
    expect(later).not.toHaveProperty('downloadUrl');
    const { expiresAt: _e, ...noExpiry } = stored;
    expect(readPurchaseData(JSON.stringify(noExpiry))).not.toHaveProperty('downloadUrl');
  });

  it('forgets the URL once the buyer has the file, and keeps the rest', () => {
    const after = withoutDownload(stored as Parameters<typeof withoutDownload>[0]);
    expect(JSON.stringify(after)).not.toContain('/api/download/');
    expect(after).toMatchObject({ name: 'Ana', orderId: 'o-1', cardLast4: '4242' });
  });

  it('is null for nothing or garbage', () => {
    expect(readPurchaseData(null)).toBeNull();
    expect(readPurchaseData('{nope')).toBeNull();
    expect(readPurchaseData('{"name":1}')).toBeNull();
  });

  it('names the file after the last path segment', () => {
    expect(fileNameOf(stored.downloadUrl)).toBe('the-love-blueprint-en.pdf');
  });
});
