import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The server logs through lib/log/logger.ts (pino JSON lines, with a level and without personal
    // data: docs/operations.md, "Logs"), never the console. Tests may; a command-line tool's own
    // output to its operator says so where it disables this (lib/cli/*-main.ts).
    files: ['lib/**', 'app/**', 'components/**', 'proxy.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'lib/testing/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // The CSP refuses style attributes (style-src-attr 'none'): one in server HTML is silently dropped,
    // as the receipt's `display: contents` was. Classes from CSS modules only.
    files: ['app/**/*.tsx', 'components/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style']",
          message: "The CSP allows no style attributes (style-src-attr 'none'): use a CSS module class.",
        },
      ],
    },
  },
  {
    // Playwright fixtures take a `use` callback that is not a React hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  globalIgnores([
    '.next/**',
    'dist/**',
    'node_modules/**',
    '.data/**',
    'test-results/**',
    'playwright-report/**',
    'bench/.tmp/**',
    'next-env.d.ts',
  ]),
]);
