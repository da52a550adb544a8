import { embedded } from '@/lib/content';
import { dataResponse } from '@/lib/http/json';

/** GET /api/posts → { data: Post[] }, newest first (the public content API: README, "Content and the public API"). */
export function GET() {
  return dataResponse(embedded.posts());
}
