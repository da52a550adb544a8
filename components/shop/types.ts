/** What the client islands need of an edition (already formatted on the server). */
export type EditionView = { id: string; label: string; cover: string; coverAlt: string; price: string };
