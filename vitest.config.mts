import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // `server-only` throws outside a React Server environment; unit tests run in plain Node.
      'server-only': fileURLToPath(new URL('./lib/testing/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    include: ['{lib,components,app,content,scripts}/**/*.test.{ts,tsx}', 'e2e/support/**/*.test.ts'],
    environment: 'node',
  },
});
