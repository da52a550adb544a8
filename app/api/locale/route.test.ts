import { describe, expect, it } from 'vitest';
import { GET } from './route';

const choose = (query: string, headers: Record<string, string> = {}) =>
  GET(new Request(`http://localhost:3000/api/locale${query}`, { headers }));

describe('GET /api/locale: the language menu’s choice', () => {
  it('stores the choice for a year and answers 303 to the same page in that language, never stored', () => {
    const french = choose('?to=fr&path=%2Fblog%3Fpage%3D2', { 'Sec-Fetch-Site': 'same-origin' });
    expect(french.status).toBe(303);
    expect(french.headers.get('location')).toBe('/fr/blog?page=2');
    expect(french.headers.get('cache-control')).toBe('no-store');
    expect(french.headers.getSetCookie()).toEqual(['NEXT_LOCALE=fr; Path=/; Max-Age=31536000; SameSite=Lax']);
    const english = choose('?to=en&path=/fr/blog');
    expect([english.status, english.headers.get('location')]).toEqual([303, '/blog']);
    expect(english.headers.getSetCookie()).toEqual(['NEXT_LOCALE=en; Path=/; Max-Age=31536000; SameSite=Lax']);
  });

  it('makes the cookie Secure when the front door says the connection is https', () => {
    const https = choose('?to=de&path=/', { 'X-Forwarded-Proto': 'https' });
    expect(https.headers.getSetCookie()).toEqual(['NEXT_LOCALE=de; Path=/; Max-Age=31536000; SameSite=Lax; Secure']);
  });

  it('sends any path that is not on this site to the home page (no open redirect)', () => {
    for (const path of ['//evil.example', 'https://evil.example', '/%2F%2Fevil.example', '/en//evil.example', ''])
      expect(choose(`?to=fr&path=${encodeURIComponent(path)}`).headers.get('location'), path).toBe('/fr');
    expect(choose('?to=en').headers.get('location')).toBe('/');
  });

  it('refuses an unknown language with a clear 400, and sets nothing', async () => {
    for (const query of ['', '?to=xx&path=/blog', '?to=FR', '?to=fr-FR', '?to=&path=/']) {
      const answer = choose(query);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.getSetCookie()).toEqual([]);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(((await answer.json()) as { message: string }).message).toMatch(/Unknown language.*en, fr, bn/);
    }
  });

  it('lets a link from another site show the page, but not change the visitor’s choice', () => {
    for (const headers of <Record<string, string>[]>[
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
    ]) {
      const answer = choose('?to=ar&path=/blog', headers);
      expect([answer.status, answer.headers.get('location')]).toEqual([303, '/ar/blog']);
      expect(answer.headers.getSetCookie(), JSON.stringify(headers)).toEqual([]);
    }
  });
});
