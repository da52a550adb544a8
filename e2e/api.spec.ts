import { test, expect } from '@playwright/test';

test.describe('public content API (SPEC.md §7)', () => {
  test('GET /api/faqs answers { data: FAQ[] }', async ({ request }) => {
    const response = await request.get('/api/faqs');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/json');
    expect(response.headers()['cache-control']).toMatch(/max-age=\d+/);
    const { data } = await response.json();
    expect(data.length).toBeGreaterThanOrEqual(16);
    for (const faq of data) {
      expect(typeof faq.question).toBe('string');
      expect(typeof faq.answer).toBe('string');
      expect(faq.question).not.toContain('{brand}');
    }
    expect(new Set(data.map((f: { category: string }) => f.category)).size).toBeGreaterThanOrEqual(4);
  });

  test('GET /api/terms-of-service answers { data: { termsOf_service } }', async ({ request }) => {
    const { data } = await (await request.get('/api/terms-of-service')).json();
    expect(data.termsOf_service).toMatch(/<body>[\s\S]+<\/body>/);
  });

  test('GET /api/posts answers { data: Post[] } and /api/posts/{id} one post', async ({ request }) => {
    const { data } = await (await request.get('/api/posts')).json();
    expect(data.length).toBeGreaterThanOrEqual(14);
    for (const post of data) {
      expect(Object.keys(post)).toEqual(
        expect.arrayContaining(['id', 'title', 'content', 'category', 'media', 'updated_at']),
      );
      expect(typeof post.category.name).toBe('string');
    }
    const one = await request.get(`/api/posts/${data[0].id}`);
    expect(one.status()).toBe(200);
    expect((await one.json()).data).toEqual(data[0]);
  });

  test('an unknown post is a 404 with a JSON error', async ({ request }) => {
    const response = await request.get('/api/posts/does-not-exist');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: 'not_found', message: 'No post with id "does-not-exist".' });
  });

  test('GET /help.json maps categories to questions and answers', async ({ request }) => {
    const response = await request.get('/help.json');
    expect(response.status()).toBe(200);
    const help = await response.json();
    expect(Object.keys(help).length).toBeGreaterThanOrEqual(5);
    for (const items of Object.values(help) as { question: string; answer: string }[][]) {
      expect(items.length).toBeGreaterThanOrEqual(4);
      for (const item of items) expect(item.question && item.answer).toBeTruthy();
    }
  });
});
