import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('safetyCentre', { index: false });

export default function Page() {
  return <TitlePage pageKey="safetyCentre" />;
}
