import type { NextRequest } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { routing } from './lib/i18n/routing';

const handleLocale = createMiddleware(routing);

/**
 * The request interceptor (Next 16's name for middleware): resolves the locale,
 * keeping English at the bare paths and every other language under its prefix.
 */
export function proxy(request: NextRequest) {
  return handleLocale(request);
}

export const config = {
  // Pages only: not the API, Next's assets, or files with an extension (help.json, icons, …).
  matcher: ['/((?!api|_next|_vercel|.*\\..*).*)'],
};
