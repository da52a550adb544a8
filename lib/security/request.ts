/** Whether the visitor reached us over https, directly or through a TLS-terminating proxy. */
export function isHttps(request: Request & { nextUrl?: URL }, siteUrl: string): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  if (forwarded) return forwarded === 'https';
  const protocol = request.nextUrl?.protocol ?? new URL(request.url).protocol;
  return protocol === 'https:' || siteUrl.startsWith('https://');
}
