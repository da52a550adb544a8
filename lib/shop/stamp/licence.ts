import { fillPlaceholders } from '@/lib/i18n/placeholders';

/**
 * The licence line a buyer's copies carry (bookLabels(lang).stamp: `{name}`, `{email}` and `{order}`
 * filled in), shared by the PDF's stamp and the EPUB's title page and rights.
 */
export type Buyer = { name: string; email: string; orderId: string };

export const licenceValues = (buyer: Buyer) => ({ name: buyer.name, email: buyer.email, order: buyer.orderId });

/** The line as plain text: every value exactly as the buyer gave it, never read as a pattern. */
export const licenceText = (template: string, buyer: Buyer) => fillPlaceholders(template, licenceValues(buyer));
