import 'server-only';
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { env } from '@/lib/env';
import { logger } from '@/lib/log/logger';

/** Like APP_SECRET itself: anything shorter is guessable or a mistake (an empty file signs with an empty key). */
const MIN_SECRET_LENGTH = 32;

let cached: string | undefined;

/**
 * The key that signs download links: APP_SECRET, or else one generated once into
 * DATA_DIR/app-secret (with a warning), so links keep working across restarts of the same
 * install. The value read back is checked: a short or empty file is refused, never used.
 */
export function appSecret(): string {
  if (cached) return cached;
  const configured = env().appSecret;
  cached = configured ?? secretFromFile(join(resolve(env().dataDir), 'app-secret'));
  return cached;
}

/**
 * Reads the generated secret, creating it first if it does not exist. The new key is written
 * to a temporary file and then linked into place, which fails if another process got there
 * first: two servers starting at once both end up with the winner's key, never half of one.
 */
export function secretFromFile(file: string): string {
  let value: string;
  try {
    value = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      linkSync(temporary, file);
      logger().warn({ file }, 'APP_SECRET is not set: generated one into this file. Set APP_SECRET in production.');
    } catch (linkError) {
      if ((linkError as NodeJS.ErrnoException).code !== 'EEXIST') throw linkError;
    } finally {
      unlinkSync(temporary);
    }
    value = readFileSync(file, 'utf8').trim();
  }
  if (value.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds no usable key (${value.length} characters; at least ${MIN_SECRET_LENGTH} are needed). Delete the file to have a new key generated, or set APP_SECRET.`,
    );
  }
  return value;
}
