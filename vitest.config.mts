import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const tests = ['{lib,components,app,content,scripts,deploy}/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside a React Server environment; unit tests run in plain Node.
      'server-only': fileURLToPath(new URL('./lib/testing/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    setupFiles: ['lib/testing/quiet-logs.ts'],
    // A new test is `x.test.ts` (unit: runs before the build, with nothing but Node and the repository's files) unless it needs a
    // database (PGlite too), a child process, a socket or server, poppler, Chromium or a built file: then it is `x.integration.test.ts`.
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: tests, exclude: [...configDefaults.exclude, '**/*.integration.test.*'] },
      },
      {
        extends: true,
        test: { name: 'integration', include: tests.map((glob) => glob.replace('.test.', '.integration.test.')) },
      },
    ],
  },
});
