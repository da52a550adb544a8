import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  // ICU messages are compiled at build time, so requests format them without parsing.
  experimental: {
    messages: { format: 'json', path: './content/messages', locales: 'infer', sourceLocale: 'en', precompile: true },
  },
});

// `npm test` type-checks the whole tree before it builds (scripts/test.sh), and a fresh clone's build
// cache would be written but never read: that build skips both (about 25 s of a 65 s build).
const testBuild = process.env.AMORA_TEST_BUILD === '1';

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Responses are compressed by the front door (lib/server/front-door.ts), after a document is
  // captured: the document store keeps plain HTML.
  compress: false,
  reactStrictMode: true,
  // The first screen's CSS inside the HTML: on a slow phone a stylesheet is one more round trip
  // before anything paints (docs/performance.md, "First paint on a slow phone"). The CSP allows it by hash (lib/security/style-hashes.ts).
  // The graph chunker splits the CSS by route, so a page inlines its own rules, not the whole site's.
  experimental: { inlineCss: true, cssChunking: 'graph', turbopackFileSystemCacheForBuild: !testBuild },
  typescript: { ignoreBuildErrors: testBuild },
  // Loaded by Node at run time rather than bundled: PGlite and harfbuzzjs ship WebAssembly (found
  // beside their own modules in node_modules), PGlite data files too.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'nodemailer',
    'pdf-lib',
    '@pdf-lib/fontkit',
    'wawoff2',
    'regenerator-runtime',
    'harfbuzzjs',
    'bidi-js',
    // One copy per process: its registry's metrics are objects the front door and the routes share.
    'prom-client',
    // Node loads OpenTelemetry itself, and only what is imported: the SDK only when tracing is on
    // (lib/tracing/start.ts), whose absence e2e/traces.spec.ts checks in the process's loaded modules.
    '@opentelemetry/api',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
    '@opentelemetry/sdk-trace-base',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/semantic-conventions',
  ],
  // Security headers are set by the front door on every response (lib/server/front-door.ts).
};

export default withNextIntl(nextConfig);
