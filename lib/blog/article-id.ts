import 'server-only';
import { headers } from 'next/headers';
import { PATH_HEADER } from '@/lib/http/request-headers';

/**
 * The article id of this request, decoded exactly once from the path the visitor asked for.
 * Next hands `[id]` to the page and layout not fully decoded (`a%20b`), and to metadata decoded
 * (`a b`, and `%252E` as far as `.`), so each would look up a different id; reading it from the
 * proxy's copy of the path gives all three the same one.
 */
export async function articleId(params: Promise<{ id: string }>): Promise<string> {
  const [{ id }, list] = await Promise.all([params, headers()]);
  return articleIdFrom(list.get(PATH_HEADER), id);
}

export function articleIdFrom(path: string | null, param: string): string {
  const segment = /^\/blog\/([^/]+)\/?$/.exec(path ?? '')?.[1];
  if (!segment) return param;
  try {
    return decodeURIComponent(segment);
  } catch {
    return param;
  }
}
