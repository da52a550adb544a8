import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageNotFound } from '@/components/layout/PageNotFound';

/**
 * Any path no other route takes: rendered here, as a real page (header, footer, message, a way
 * home) with status 404, rather than by Next's not-found boundary, whose server HTML is empty.
 */
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notFound');
  return { title: t('title'), robots: { index: false, follow: true } };
}

export default function UnknownPath() {
  return <PageNotFound />;
}
