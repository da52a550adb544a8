import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('success', { index: false });

export default function Page() {
  return <TitlePage pageKey="success" holding />;
}
