import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INTERNAL_HEADER_PREFIX, INTERNAL_REQUEST_HEADERS, NONCE_HEADER, dropInternalHeaders } from './request-headers';

const ROOT = join(__dirname, '..', '..');

describe('the internal request headers', () => {
  it('are listed once each, lowercase (as Node names them), each set by someone and read, or only dropped', () => {
    const names = INTERNAL_REQUEST_HEADERS.map(({ name }) => name);
    expect(new Set(names).size).toBe(names.length);
    for (const { name, setBy, readBy } of INTERNAL_REQUEST_HEADERS) {
      expect(name, name).toBe(name.toLowerCase());
      if (setBy !== null) expect(readBy.length, name).toBeGreaterThan(0);
    }
  });

  it('are all dropped from a request, with any other x-amora-* or x-middleware-* header; the rest stay', () => {
    const headers: Record<string, string> = {
      host: 'amora.example',
      cookie: 'a=b',
      'x-amora-next': '1',
      'x-middleware-whatever-next-adds': '1',
    };
    for (const { name } of INTERNAL_REQUEST_HEADERS) headers[name] = 'forged';
    dropInternalHeaders(headers);
    expect(headers).toEqual({ host: 'amora.example', cookie: 'a=b' });
  });

  it('are spelled out only in lib/http/request-headers.ts', () => {
    const ours = INTERNAL_REQUEST_HEADERS.map(({ name }) => name).filter(
      (name) => name.startsWith(INTERNAL_HEADER_PREFIX) || name === NONCE_HEADER,
    );
    const literal = new RegExp(`['"\`](${[...ours, INTERNAL_HEADER_PREFIX].join('|')})['"\`]`, 'i');
    const offenders = sources(['app', 'components', 'e2e', 'lib', 'proxy.ts'])
      .filter((file) => file !== 'lib/http/request-headers.ts')
      .filter((file) => literal.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

/** The TypeScript files under these paths, relative to the repository. */
function sources(paths: string[]): string[] {
  return paths.flatMap((path) => {
    const full = join(ROOT, path);
    if (/\.tsx?$/.test(path)) return [path];
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
  });
}
