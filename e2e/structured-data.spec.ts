import { structuredDataTest } from 'structured-data-testing-tool';
import { Facebook, Google, Twitter } from 'structured-data-testing-tool/presets';
import { test, expect } from './fixtures';

/**
 * structured-data-testing-tool, with its Google, Twitter and Facebook presets, finds no failure in
 * the documents as the server sends them: the home page, an article, the eBook landing page, a
 * purchase page and a free sample. Its Google presets only test the schemas a page has, so each page's schemas are
 * checked too: an article that lost its BlogPosting would otherwise pass.
 */
const PAGES: { path: string; schemas: string[] }[] = [
  { path: '/', schemas: ['Organization'] },
  { path: '/blog/first-date-questions-that-matter', schemas: ['Organization', 'BlogPosting', 'BreadcrumbList'] },
  { path: '/the-love-blueprint', schemas: ['Organization', 'Product', 'BreadcrumbList'] },
  { path: '/the-love-blueprint/en', schemas: ['Organization', 'Product', 'BreadcrumbList'] },
  { path: '/the-love-blueprint/ar/sample', schemas: ['Organization', 'Book', 'BreadcrumbList'] },
];

test('structured-data-testing-tool (Google, Twitter, Facebook presets): no failures on the key pages', async ({
  request,
}) => {
  const problems: string[] = [];
  for (const { path, schemas } of PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    // The tool rejects when a test fails, with the whole result attached; either way, read the result.
    const result = await structuredDataTest(await response.text(), { presets: [Google, Twitter, Facebook] }).catch(
      (error: Error & { res?: Awaited<ReturnType<typeof structuredDataTest>> }) => {
        if (!error.res) throw error;
        return error.res;
      },
    );
    problems.push(
      ...result.failed.map(
        (t) =>
          `${path}: ${(t.groups ?? [t.group]).join(' › ')}: ${t.description ?? t.test}: ${t.error?.message ?? 'failed'}`,
      ),
    );
    const found = result.schemas.toSorted().join(', ');
    if (found !== schemas.toSorted().join(', '))
      problems.push(`${path}: schemas ${found}, expected ${schemas.toSorted().join(', ')}`);
    if (result.passed.length === 0) problems.push(`${path}: no test passed`);
  }
  expect(problems).toEqual([]);
});
