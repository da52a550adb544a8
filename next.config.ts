import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  // ICU messages are compiled at build time, so requests format them without parsing.
  experimental: { messages: { format: 'json', path: './content/messages', locales: 'infer', sourceLocale: 'en', precompile: true } },
});

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The proxy must tell client navigations (RSC requests) from document loads for the page
  // cache; by default Next hides their headers and _rsc query from it (lib/cache/document-cache.ts).
  skipProxyUrlNormalize: true,
  reactStrictMode: true,
  // Loaded by Node at run time rather than bundled: PGlite ships WebAssembly and data files.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer', 'pdf-lib'],
  // Security headers are set by the front door on every response (lib/server/front-door.ts).
};

export default withNextIntl(nextConfig);
