import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

export const generateMetadata = titleMetadata('datingConfidenceReport', { index: false });

export default function Page() {
  return <TitlePage pageKey="datingConfidenceReport" />;
}
