import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('communityGuidelines');

export default function Page() {
  return <TitlePage pageKey="communityGuidelines" holding />;
}
