import { getTranslations } from 'next-intl/server';
import type { Step } from '@/lib/content/schemas';
import { Reveal } from './Reveal';
import { StepSelector } from './StepSelector';
import { StaticImage } from '@/components/ui/StaticImage';
import styles from './Home.module.css';
import { HydrateLater } from '@/components/ui/HydrateLater';

export async function HowItWorks({ steps }: { steps: Step[] }) {
  const t = await getTranslations('home');
  const views = steps.map(({ image, ...step }, index) => ({
    ...step,
    picture: <StaticImage src={image} alt={step.title} width={480} height={480} draggable={false} />,
    label: t('stepLabel', { number: index + 1 }),
    dotLabel: t('stepDot', { number: index + 1, title: step.title }),
  }));
  return (
    <HydrateLater>
      <section
        id="how-it-works"
        tabIndex={-1}
        className={`${styles.section} ${styles.tinted}`}
        aria-labelledby="how-title"
      >
        <div className="container">
          <Reveal at={0.8} duration={0.8} className={styles.header}>
            <p className={styles.eyebrow}>{t('howItWorksEyebrow')}</p>
            <h2 id="how-title">{t('howItWorksHeading')}</h2>
          </Reveal>
          <StepSelector steps={views} stepsLabel={t('stepsLabel')} swipeHint={t('swipeHint')} />
        </div>
      </section>
    </HydrateLater>
  );
}
