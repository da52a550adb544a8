import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('outline-screens.mjs, run', () => {
  it('builds every screen in assets/screens with no text left', () => {
    execFileSync('node', ['scripts/outline-screens.mjs']);
    const names = readdirSync(join(process.cwd(), 'assets', 'screens'));
    expect(names).toEqual(expect.arrayContaining(['login-screen.svg', 'profile-screen.svg', 'swipe-screen.svg']));
    for (const name of names) {
      const built = readFileSync(join(process.cwd(), 'public', 'images', 'screens', name), 'utf8');
      expect(built, name).not.toMatch(/<text|<tspan/);
      expect(built, name).toMatch(/^<svg[^>]+viewBox="0 0 360 760"/);
    }
  });
});
