import { embedded } from '@/lib/content';
import { dataResponse } from '@/lib/http/json';
import { jsonError } from '@/lib/security/json-request';

/** GET /api/posts/{id} → { data: Post }, or 404 with a JSON error. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const post = embedded.post(id);
  if (!post) return jsonError(404, 'not_found', `No post with id "${id.slice(0, 100)}".`);
  return dataResponse(post);
}
