import { ArticleNotFound } from '@/components/blog/ArticleNotFound';

export default function NotFound() {
  return <ArticleNotFound />;
}
