import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('privacy');

export default function Page() {
  return <TitlePage pageKey="privacy" holding />;
}
