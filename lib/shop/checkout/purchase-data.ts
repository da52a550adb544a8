import type { PaymentMethod } from '../payments/methods';

/**
 * What the browser keeps after a purchase, in localStorage under `purchase-data`. It never holds a card number: at most the last four digits. The download
 * URL carries a live token, so it is kept only until the buyer has the file or the link
 * expires, whichever comes first; the email keeps the way back.
 */
export const PURCHASE_DATA_KEY = 'purchase-data';

export type PurchaseData = {
  name: string;
  email: string;
  paymentMethod: PaymentMethod;
  productId: string;
  orderId: string;
  downloadUrl?: string;
  /** When `downloadUrl` stops working (ISO 8601). */
  expiresAt?: string;
  cardLast4?: string;
};

/** The stored purchase, without its download URL once that has expired; null when there is none. */
export function readPurchaseData(raw: string | null, now = Date.now()): PurchaseData | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PurchaseData>;
    if (typeof value.name !== 'string' || typeof value.email !== 'string' || typeof value.productId !== 'string')
      return null;
    const data = value as PurchaseData;
    const expired = !data.expiresAt || !(Date.parse(data.expiresAt) > now);
    return typeof data.downloadUrl === 'string' && !expired ? data : withoutDownload(data);
  } catch {
    return null;
  }
}

/** The purchase as it is kept once the buyer has the file (or the link has expired). */
export function withoutDownload({ downloadUrl: _url, expiresAt: _expires, ...rest }: PurchaseData): PurchaseData {
  return rest;
}

/** The file name to save a download under: the last path segment of its URL. */
export function fileNameOf(url: string): string {
  const segment = new URL(url, 'http://localhost').pathname.split('/').filter(Boolean).pop();
  return segment ? decodeURIComponent(segment) : 'download.pdf';
}
