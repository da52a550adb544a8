import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('loveBlueprint');

export default function Page() {
  return <TitlePage pageKey="loveBlueprint" holding />;
}
