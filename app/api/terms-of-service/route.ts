import { embedded } from '@/lib/content';
import { dataResponse } from '@/lib/http/json';

/** GET /api/terms-of-service → { data: { termsOf_service: html } } (README, "Content and the public API"). */
export function GET() {
  return dataResponse({ termsOf_service: embedded.terms() });
}
