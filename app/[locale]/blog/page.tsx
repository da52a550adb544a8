import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('blog');

export default function Page() {
  return <TitlePage pageKey="blog" holding />;
}
