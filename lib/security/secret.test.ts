import { mkdtempSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretFromFile } from './secret';
import { signToken, verifyToken } from '@/lib/shop/delivery/tokens';

const dir = () => mkdtempSync(join(tmpdir(), 'amora-secret-'));

describe('the generated link secret (finding 3)', () => {
  it('refuses an empty or short file instead of signing links with it', () => {
    for (const content of ['', '   \n', 'short-key']) {
      const file = join(dir(), 'app-secret');
      writeFileSync(file, content);
      expect(() => secretFromFile(file), JSON.stringify(content)).toThrow(/no usable key/);
    }
  });

  it('so a token forged with an empty key opens nothing', () => {
    const file = join(dir(), 'app-secret');
    writeFileSync(file, '');
    const forged = signToken('any-order', '').token;
    let secret: string | undefined;
    try {
      secret = secretFromFile(file);
    } catch {
      secret = undefined;
    }
    expect(secret).toBeUndefined();
    // Whatever key a working server has, the forged token does not verify against it.
    expect(verifyToken(forged, secretFromFile(join(dir(), 'app-secret'))).ok).toBe(false);
  });

  it('creates a 64-character key once, readable by its owner only, and reads the same one back', () => {
    const file = join(dir(), 'app-secret');
    const first = secretFromFile(file);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(secretFromFile(file)).toBe(first);
    expect(readdirSync(join(file, '..'))).toEqual(['app-secret']);
  });

  // Four processes racing for one key: secret.integration.test.ts.
});
