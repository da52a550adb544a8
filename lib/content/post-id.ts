/**
 * Whether a post id may be looked up: one path segment, as the route decoded it. A slash, a
 * backslash, `..` or a control character would let the id step out of `/posts/{id}` on the
 * backend, so such an id is refused before any fetch (and is simply not found).
 */
export function isSafePostId(id: string): boolean {
  return id.length > 0 && id.length <= 200 && !/[/\\]|\.\.|[\u0000-\u001f\u007f-\u009f]/.test(id);
}
