import { embedded } from '@/lib/content';
import { PUBLIC_CACHE } from '@/lib/http/json';

/**
 * GET /help.json: the help document, category name → [{ question, answer }]
 * (README, "Content and the public API").
 */
export function GET() {
  return Response.json(embedded.help(), { headers: { 'Cache-Control': PUBLIC_CACHE } });
}
