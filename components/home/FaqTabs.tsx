'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import styles from './FaqTabs.module.css';

export type FaqView = { number: number; question: string; answer: string; category: string | null };

/**
 * The FAQ category tabs (WAI-ARIA tabs: arrow keys, Home and End move between them).
 * 'All' first, then one tab per distinct category; the selected tab's questions sit in
 * two numbered columns with their answers always visible.
 */
export function FaqTabs({ items, allLabel, tabsLabel }: { items: FaqView[]; allLabel: string; tabsLabel: string }) {
  const categories = Array.from(new Set(items.map((item) => item.category).filter((c): c is string => Boolean(c))));
  const tabs = [{ id: 'all', label: allLabel }, ...categories.map((category) => ({ id: category, label: category }))];
  const [selected, setSelected] = useState('all');
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const visible = selected === 'all' ? items : items.filter((item) => item.category === selected);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const rtl = document.documentElement.dir === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = (index + 1) % tabs.length;
    else if (event.key === back) next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    setSelected(tabs[next]!.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={tabsLabel} className={styles.tabs}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={selected === tab.id}
            aria-controls={`${baseId}-panel`}
            tabIndex={selected === tab.id ? 0 : -1}
            className={styles.tab}
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${tabs.findIndex((tab) => tab.id === selected)}`}
        className={styles.panel}
      >
        <ol className={styles.list}>
          {visible.map((item, index) => (
            <li key={item.number} className={styles.item}>
              <span className={styles.number} aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <div>
                <h3 className={styles.question}>{item.question}</h3>
                <p className={styles.answer}>{item.answer}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
