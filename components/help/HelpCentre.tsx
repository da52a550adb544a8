'use client';

import * as Accordion from '@radix-ui/react-accordion';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogBackdrop } from '@/components/ui/DialogBackdrop';
import { useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { countQuestions, filterHelp, type HelpCategory } from '@/lib/help/filter';
import type { HelpItem } from '@/lib/content/schemas';
import { ChevronDownIcon, CloseIcon } from '@/components/ui/icons';
import { fillPlaceholders } from '@/lib/i18n/placeholders';
import dialog from '@/components/ui/dialog.module.css';
import styles from './HelpCentre.module.css';

// Radix writes these size variables (unused here: nothing animates the height) as a style
// attribute in the server HTML, which our CSP refuses (style-src-attr 'none'); undefined leaves them out.
const noRadixSizeVariables = {
  '--radix-accordion-content-height': undefined,
  '--radix-accordion-content-width': undefined,
} as CSSProperties;

export type HelpLabels = {
  searchLabel: string;
  searchPlaceholder: string;
  /** Pre-rendered plural forms: index n is the text for n questions, so the island ships no ICU formatter. */
  resultCounts: string[];
  questionCounts: string[];
  emptyTitle: string;
  emptyBody: string;
  clear: string;
  close: string;
};

/**
 * The help search, accordion and answer sheet. The server renders it with the full list:
 * every question and its answer are in the HTML (closed groups are only `hidden`). Without
 * JavaScript every group is shown with each answer under its question (CSS `scripting: none`);
 * with it, the answer opens in the sheet.
 */
export function HelpCentre({
  categories,
  labels,
  initialQuery,
}: {
  categories: HelpCategory[];
  labels: HelpLabels;
  initialQuery: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState<string>(initialQuery ? '' : (categories[0]?.name ?? ''));
  const [selected, setSelected] = useState<HelpItem | null>(null);
  const searchId = useId();
  // The sheet has no Radix trigger, so it hands focus back to the question that opened it.
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const results = useMemo(() => filterHelp(categories, query), [categories, query]);
  const total = countQuestions(results);
  // While searching, the first matching group opens by itself unless the visitor chose another.
  const openValue = results.some((c) => c.name === open) ? open : query.trim() ? (results[0]?.name ?? '') : open;

  const countLabel = (list: string[], n: number) => list[n] ?? String(n);

  return (
    <div className={styles.centre}>
      <div className={styles.search} role="search">
        <label htmlFor={searchId} className="visually-hidden">
          {labels.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className={styles.input}
          placeholder={labels.searchPlaceholder}
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p className={styles.count} role="status" aria-live="polite">
        {query.trim() ? countLabel(labels.resultCounts, total) : ''}
      </p>

      {results.length === 0 ? (
        <div className={styles.empty}>
          <h2 className={styles.emptyTitle}>{fillPlaceholders(labels.emptyTitle, { query: query.trim() })}</h2>
          <p>{labels.emptyBody}</p>
          <button type="button" className={styles.clear} onClick={() => setQuery('')}>
            {labels.clear}
          </button>
        </div>
      ) : (
        <Accordion.Root
          type="single"
          collapsible
          value={openValue}
          onValueChange={setOpen}
          className={styles.accordion}
        >
          {results.map((category) => (
            <Accordion.Item key={category.name} value={category.name} className={styles.item}>
              <Accordion.Header asChild>
                <h2 className={styles.itemHeader}>
                  <Accordion.Trigger className={styles.trigger}>
                    <span className={styles.triggerTitle}>{category.name}</span>
                    <span className={styles.triggerMeta}>
                      {countLabel(labels.questionCounts, category.items.length)}
                      <ChevronDownIcon className={styles.chevron} />
                    </span>
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              {/* eslint-disable-next-line no-restricted-syntax -- it removes Radix's style attribute */}
              <Accordion.Content forceMount className={styles.content} style={noRadixSizeVariables}>
                <ul className={styles.questions}>
                  {category.items.map((item) => (
                    <li key={item.question}>
                      <button
                        type="button"
                        className={styles.question}
                        onClick={(event) => {
                          openerRef.current = event.currentTarget;
                          setSelected(item);
                        }}
                        aria-haspopup="dialog"
                      >
                        {item.question}
                      </button>
                      <p className={styles.answerWithoutScript}>{item.answer}</p>
                    </li>
                  ))}
                </ul>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}

      <Dialog.Root open={selected !== null} onOpenChange={(isOpen) => !isOpen && setSelected(null)}>
        <Dialog.Portal>
          <DialogBackdrop />
          <Dialog.Content
            className={styles.sheet}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              openerRef.current?.focus();
            }}
          >
            <div className={styles.handle} aria-hidden="true" />
            <div className={styles.sheetHeader}>
              <Dialog.Title className={styles.sheetTitle}>{selected?.question}</Dialog.Title>
              <Dialog.Close className={dialog.close} aria-label={labels.close}>
                <CloseIcon />
              </Dialog.Close>
            </div>
            <Dialog.Description className={styles.answer}>{selected?.answer}</Dialog.Description>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
