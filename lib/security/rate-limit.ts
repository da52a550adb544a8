/**
 * A fixed-window rate limiter kept in this process's memory. Enough for one server; with
 * several processes behind a balancer each enforces its own share (see README).
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    check(key: string, now = Date.now()): { ok: true } | { ok: false; retryAfterSeconds: number } {
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      }
      const current = windows.get(key);
      if (!current || now - current.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return { ok: true };
      }
      if (current.count >= limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((current.start + windowMs - now) / 1000)) };
      current.count += 1;
      return { ok: true };
    },
  };
}

/** The client's address as the first proxy saw it, for rate limiting. */
export function clientKey(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'local';
}
