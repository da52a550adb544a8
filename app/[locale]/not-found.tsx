import { NotFoundStatus } from '@/components/layout/PageNotFound';

// Not PageNotFound: Next renders this boundary into every page's payload, so it must not declare a 404.
// Unknown paths, articles, topics and editions render PageNotFound or ArticleNotFound in place instead.
export default function NotFound() {
  return <NotFoundStatus />;
}
