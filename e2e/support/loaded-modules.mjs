// Preloaded into a test server (NODE_OPTIONS=--import): when the process exits, writes the files of
// every OpenTelemetry module it loaded (Node's module cache, by real path) to LOADED_MODULES_FILE,
// one per line. e2e/traces.spec.ts reads it: with tracing off, no SDK module may be there.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// Node's CommonJS module cache, the one every require() fills (require.cache).
const cache = createRequire(import.meta.url).cache;

const file = process.env.LOADED_MODULES_FILE;
if (file)
  process.once('exit', () => {
    const loaded = Object.keys(cache).filter((path) => path.includes('/node_modules/@opentelemetry/'));
    writeFileSync(file, loaded.join('\n'));
  });
