import { embedded } from '@/lib/content';
import { dataResponse } from '@/lib/http/json';

/** GET /api/terms-of-service → { data: { termsOf_service: html } } (SPEC.md §7). */
export function GET() {
  return dataResponse({ termsOf_service: embedded.terms() });
}
