import { embedded } from '@/lib/content';
import { PUBLIC_CACHE } from '@/lib/http/json';

/** GET /help.json: the help document, category name → [{ question, answer }] (SPEC.md §7). */
export function GET() {
  return Response.json(embedded.help(), { headers: { 'Cache-Control': PUBLIC_CACHE } });
}
