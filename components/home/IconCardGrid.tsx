import { HomeIcon } from './icons';
import { Reveal } from './Reveal';
import styles from './Home.module.css';

export type IconCard = { title: string; description: string; icon: string };

/** Four cards (icon, title, text) that appear one after another: the features and the advantages. */
export function IconCardGrid({ cards }: { cards: IconCard[] }) {
  return (
    <ul className={styles.grid4}>
      {cards.map((card, index) => (
        <li key={card.title}>
          <Reveal at={0.9} delay={index * 0.1} className={styles.card}>
            <span className={styles.iconBadge}>
              <HomeIcon name={card.icon} />
            </span>
            <h3>{card.title}</h3>
            <p>{card.description}</p>
          </Reveal>
        </li>
      ))}
    </ul>
  );
}
