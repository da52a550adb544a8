import { notFound } from 'next/navigation';

// Any path that no route matches renders the localized not-found page with HTTP 404.
export default function CatchAll() {
  notFound();
}
