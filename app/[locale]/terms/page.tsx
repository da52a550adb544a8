import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('terms');

export default function Page() {
  return <TitlePage pageKey="terms" holding />;
}
