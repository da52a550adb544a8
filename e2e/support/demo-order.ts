/** What a demo order's POST may say; the rest is a PayPal order of the English edition, delivery accepted. */
type OrderFields = {
  name: string;
  email: string;
  editionId?: string;
  paymentMethod?: string;
  cardNumber?: string;
  /** The page's language, which the order's emails are written in (English unless given). */
  locale?: string;
};

/**
 * Places an order through POST /api/orders (the demo provider pays it at once), with the consent
 * cookie a visitor's browser would send; throws unless it is created. Its answer, and the link token.
 */
export async function placeDemoOrder(origin: string, fields: OrderFields) {
  const placed = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: 'CookieConsent=true' },
    body: JSON.stringify({ editionId: 'en', paymentMethod: 'paypal', acceptDelivery: true, ...fields }),
  });
  if (placed.status !== 201) throw new Error(`the order answered ${placed.status}: ${await placed.text()}`);
  const order = (await placed.json()) as { orderId: string; downloadUrl: string; libraryUrl: string };
  const token = decodeURIComponent(/\/library\/([^/?#]+)/.exec(order.libraryUrl)![1]!);
  return { ...order, token };
}
