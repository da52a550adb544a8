'use client';

import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useDisclosure } from './useDisclosure';
import { languageChoiceHref } from '@/lib/i18n/language-choice';
import { usePathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/locales';
import { ChevronDownIcon, GlobeIcon, CheckIcon } from '@/components/ui/icons';
import styles from './LocaleSwitcher.module.css';

type Props = {
  current: Locale;
  options: { code: Locale; name: string }[];
  label: string;
};

/**
 * The language picker: a disclosure of plain links, one per language, each to the language
 * menu's handler (app/api/locale/route.ts), which stores the choice in NEXT_LOCALE and sends the
 * visitor to the same page (and query) in that language. Full page loads on purpose: the only
 * thing that sets the cookie is the handler, with no client-side router cache in between to
 * race against. Before its script runs (or without JavaScript) the list is a native popover its
 * button opens, so the choice works without JavaScript too; once it runs, the disclosure as ever.
 */
const noSubscription = () => () => {};
const isScripted = () => true;
const isServerHtml = () => false;
// A browser without popovers (before 2023) has no such selector: matches() would throw.
const isOpenPopover = (element: HTMLElement | null) =>
  !!element && 'showPopover' in element && element.matches(':popover-open');

export function LocaleSwitcher({ current, options, label }: Props) {
  const pathname = usePathname();
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // A page is a path in a language: switching either closes the list.
  const { open, setOpen, panelId, toggle } = useDisclosure<HTMLButtonElement>(`${current}:${pathname}`, rootRef);
  const [query, setQuery] = useState('');
  const openList = () => {
    // Read the query as the list opens, so every link keeps it without subscribing to it.
    setQuery(window.location.search);
    setOpen(true);
  };
  // False in the server's HTML and while hydrating, true once this script runs: then the
  // disclosure takes over from the popover, open if the visitor had opened it already.
  const scripted = useSyncExternalStore(noSubscription, isScripted, isServerHtml);
  useLayoutEffect(() => {
    if (!scripted && isOpenPopover(listRef.current)) openList();
  });

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
        {...(scripted ? toggle : { ref: toggle.ref, 'aria-controls': panelId, popoverTarget: panelId })}
        type="button"
        className={styles.button}
        aria-label={label}
        onClick={() => (open ? setOpen(false) : openList())}
      >
        <GlobeIcon />
        <span className={styles.current} aria-hidden="true">
          {currentName}
        </span>
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <ul
        ref={listRef}
        id={panelId}
        className={styles.list}
        {...(scripted ? { hidden: !open } : { popover: 'auto' as const })}
      >
        {options.map((option) => (
          <li key={option.code}>
            <a
              href={languageChoiceHref(option.code, `${pathname}${query}`)}
              rel="nofollow"
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
