import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('modernSlaveryAct', { index: false });

export default function Page() {
  return <TitlePage pageKey="modernSlaveryAct" />;
}
