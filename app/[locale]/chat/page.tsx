import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('chat', { index: false });

export default function Page() {
  return <TitlePage pageKey="chat" />;
}
