import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('article');

export default function ArticlePage() {
  return <TitlePage pageKey="article" holding />;
}
