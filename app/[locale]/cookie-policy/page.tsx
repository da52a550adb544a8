import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('cookiePolicy');

export default function Page() {
  return <TitlePage pageKey="cookiePolicy" holding />;
}
