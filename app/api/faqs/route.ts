import { embedded } from '@/lib/content';
import { dataResponse } from '@/lib/http/json';

/** GET /api/faqs → { data: FaqItem[] } from the embedded store (SPEC.md §7). */
export function GET() {
  return dataResponse(embedded.faqs());
}
