import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('noticeAtCollection', { index: false });

export default function Page() {
  return <TitlePage pageKey="noticeAtCollection" />;
}
