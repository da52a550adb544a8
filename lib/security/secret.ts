import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { env } from '@/lib/env';

let cached: string | undefined;

/**
 * The key that signs download links: APP_SECRET, or else one generated once into
 * DATA_DIR (with a warning), so links keep working across restarts of the same install.
 */
export function appSecret(): string {
  if (cached) return cached;
  const configured = env().appSecret;
  if (configured) return (cached = configured);
  const file = join(resolve(env().dataDir), 'app-secret');
  try {
    cached = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dirname(file), { recursive: true });
    const generated = randomBytes(32).toString('hex');
    try {
      // 'wx': if another process created it first, use theirs.
      writeFileSync(file, generated, { flag: 'wx', mode: 0o600 });
      console.warn(`APP_SECRET is not set: generated one into ${file}. Set APP_SECRET in production.`);
    } catch {
      // fall through and read the winner's file
    }
    cached = readFileSync(file, 'utf8').trim();
  }
  return cached;
}
