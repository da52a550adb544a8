import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('cities', { index: false });

export default function Page() {
  return <TitlePage pageKey="cities" />;
}
