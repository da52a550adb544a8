import { embedded } from '@/lib/content';
import { dataResponse } from '@/lib/http/json';

/** GET /api/posts → { data: Post[] }, newest first (SPEC.md §7: "data.data: list of posts"). */
export function GET() {
  return dataResponse(embedded.posts());
}
