import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('manageCookies');

export default function Page() {
  return <TitlePage pageKey="manageCookies" holding />;
}
