import { Link } from '@/lib/i18n/navigation';
import type { HomeContent } from '@/lib/content/home';
import buttons from '@/components/ui/button.module.css';
import { Reveal } from './Reveal';
import styles from './Coaching.module.css';
import { HydrateLater } from '@/components/ui/HydrateLater';

/** The relationship-coaching section: the love blueprint programme and its two quotes. */
export function Coaching({ coaching }: { coaching: HomeContent['coaching'] }) {
  return (
    <HydrateLater>
      <section className={styles.section} aria-labelledby="coaching-title">
        <div className={`container ${styles.inner}`}>
          <Reveal at={0.8} duration={0.8} className={styles.copy}>
            <p className={styles.eyebrow}>{coaching.eyebrow}</p>
            <h2 id="coaching-title">{coaching.title}</h2>
            <p className={styles.body}>{coaching.body}</p>
            <Link href="/the-love-blueprint" className={buttons.primary}>
              {coaching.cta}
            </Link>
          </Reveal>
          <ul className={styles.quotes}>
            {coaching.quotes.map((quote, index) => (
              <li key={quote.author}>
                <Reveal at={0.9} delay={index * 0.1}>
                  <figure className={styles.quote}>
                    <blockquote>
                      <p>“{quote.quote}”</p>
                    </blockquote>
                    <figcaption>
                      <span className={styles.author}>{quote.author}</span>
                      <span className={styles.location}>{quote.location}</span>
                    </figcaption>
                  </figure>
                </Reveal>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </HydrateLater>
  );
}
