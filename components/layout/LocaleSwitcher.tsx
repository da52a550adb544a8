'use client';

import { useRef, useState } from 'react';
import { useDisclosure } from './useDisclosure';
import { usePathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/locales';
import { ChevronDownIcon, GlobeIcon, CheckIcon } from '@/components/ui/icons';
import styles from './LocaleSwitcher.module.css';

type Props = {
  current: Locale;
  options: { code: Locale; name: string }[];
  label: string;
};

/** `/fr/blog?x=1`: always prefixed, even for English, so the proxy records the choice. */
function localizedHref(locale: Locale, pathname: string, query: string): string {
  return `/${locale}${pathname === '/' ? '' : pathname}${query}`;
}

/**
 * The language picker: a disclosure of plain links, one per language, each to the
 * same page (and query) in that language. They are full page loads on purpose: the
 * proxy stores the choice in next-intl's locale cookie and redirects English to its
 * bare path, with no client-side router cache in between to race against.
 */
export function LocaleSwitcher({ current, options, label }: Props) {
  const pathname = usePathname();
  const rootRef = useRef<HTMLDivElement>(null);
  // A page is a path in a language: switching either closes the list.
  const { open, setOpen, panelId, toggle } = useDisclosure<HTMLButtonElement>(`${current}:${pathname}`, rootRef);
  const [query, setQuery] = useState('');

  const currentName = options.find((option) => option.code === current)?.name ?? current;

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        {...toggle}
        type="button"
        className={styles.button}
        aria-label={label}
        onClick={() => {
          // Read the query as the list opens, so every link keeps it without subscribing to it.
          setQuery(window.location.search);
          setOpen(!open);
        }}
      >
        <GlobeIcon />
        <span className={styles.current} aria-hidden="true">
          {currentName}
        </span>
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <ul id={panelId} className={styles.list} hidden={!open}>
        {options.map((option) => (
          <li key={option.code}>
            <a
              href={localizedHref(option.code, pathname, query)}
              lang={option.code}
              hrefLang={option.code}
              className={styles.option}
              aria-current={option.code === current ? 'true' : undefined}
              onClick={() => setOpen(false)}
            >
              <span>{option.name}</span>
              {option.code === current ? <CheckIcon /> : null}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
