import { getTranslations } from 'next-intl/server';
import { TitlePage, titleMetadata } from '@/components/layout/TitlePage';
import { OpenPreferencesButton } from '@/components/consent/OpenPreferencesButton';
import buttons from '@/components/ui/button.module.css';

export const generateMetadata = titleMetadata('manageCookies');

export default async function ManageCookiesPage() {
  const t = await getTranslations('consent');
  return (
    <TitlePage pageKey="manageCookies" holding>
      <OpenPreferencesButton label={t('manage')} className={buttons.primary} />
    </TitlePage>
  );
}
