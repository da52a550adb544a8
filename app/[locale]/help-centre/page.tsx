import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('helpCentre');

export default function Page() {
  return <TitlePage pageKey="helpCentre" holding />;
}
