import { notFound } from 'next/navigation';
import { findEdition } from '@/lib/shop/catalogue';
import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';

type Props = { params: Promise<{ id: string }> };

export const generateMetadata = titleMetadata('purchase');

export default async function PurchasePage({ params }: Props) {
  const { id } = await params;
  if (!findEdition(id)) notFound();
  return <TitlePage pageKey="purchase" holding />;
}
