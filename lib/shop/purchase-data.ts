/**
 * What the browser keeps after a purchase, in localStorage under `purchase-data`
 * (SPEC.md §3). It never holds a card number: at most the last four digits.
 */
export const PURCHASE_DATA_KEY = 'purchase-data';

export type PurchaseData = {
  name: string;
  email: string;
  paymentMethod: 'card' | 'paypal';
  productId: string;
  orderId: string;
  downloadUrl: string;
  cardLast4?: string;
};

export function readPurchaseData(raw: string | null): PurchaseData | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PurchaseData>;
    if (typeof value.name !== 'string' || typeof value.email !== 'string' || typeof value.downloadUrl !== 'string' || typeof value.productId !== 'string') return null;
    return value as PurchaseData;
  } catch {
    return null;
  }
}

/** The file name to save a download under: the last path segment of its URL (SPEC.md §4). */
export function fileNameOf(url: string): string {
  const segment = new URL(url, 'http://localhost').pathname.split('/').filter(Boolean).pop();
  return segment ? decodeURIComponent(segment) : 'download.pdf';
}
