import { embedded } from '@/lib/content';
import { dataResponse } from '@/lib/http/json';

/** GET /api/faqs → { data: FaqItem[] } from the embedded store (README, "Content and the public API"). */
export function GET() {
  return dataResponse(embedded.faqs());
}
