import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { getPageLocale } from '@/lib/i18n/page-locale';
import { articleId } from '@/lib/blog/article-id';
import { getPost } from '@/lib/content';

/**
 * Checks that the article exists before anything streams: the page below has a loading
 * state (so it renders inside a Suspense boundary), and only a check made here, above
 * that boundary, can still answer an unknown id with HTTP 404.
 */
export default async function ArticleLayout({ children, params }: { children: ReactNode; params: Promise<{ id: string }> }) {
  const id = await articleId(params);
  const result = await getPost(id, await getPageLocale());
  if (!result.ok && result.error.reason === 'not_found') notFound();
  return children;
}
