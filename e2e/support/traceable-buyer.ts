import { placeDemoOrder } from './demo-order';

/**
 * A buyer whose details no page, message or build file contains, so that any of them found in a
 * server's log or in the spans it sent can only have leaked there (e2e/logs.spec.ts,
 * e2e/traces.spec.ts), and what to search for, in every spelling.
 */
export type TraceableBuyer = { surname: string; name: string; email: string; card: string; kindle: string };

export function traceableBuyer(label: string): TraceableBuyer {
  const surname = 'Quillfeather';
  return {
    surname,
    name: `Oriane ${surname}-Łukasiewicz`,
    email: `oriane.${surname.toLowerCase()}+${label}-${Date.now()}@example.com`,
    card: '4000056655665556',
    // Where "Send to Kindle" sends their copy: a second address of theirs, as personal as the first.
    kindle: `oriane_${label}_${Date.now()}@kindle.com`,
  };
}

/** Places the buyer's card order (demo provider) for the French edition. */
export const placeTraceableOrder = (origin: string, buyer: TraceableBuyer) =>
  placeDemoOrder(origin, {
    editionId: 'fr',
    name: buyer.name,
    email: buyer.email,
    paymentMethod: 'card',
    cardNumber: buyer.card,
  });

/** Which of the buyer's details and their link token (each part, escaped or not) `text` holds, in any case: none, or their names. */
export function personalDataIn(text: string, buyer: TraceableBuyer, token: string): string[] {
  const [payload, signature] = token.split('~') as [string, string];
  const lower = text.toLowerCase();
  return (
    [
      ['surname', buyer.surname],
      ['email', buyer.email],
      ['email, escaped', encodeURIComponent(buyer.email)],
      ['kindle address', buyer.kindle],
      ['kindle address, escaped', encodeURIComponent(buyer.kindle)],
      ['card', buyer.card],
      ['token', token],
      ['token, escaped', encodeURIComponent(token)],
      ['token payload', payload],
      ['token signature', signature],
    ] as const
  )
    .filter(([, secret]) => lower.includes(secret.toLowerCase()))
    .map(([what]) => what);
}
