'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { DialogBackdrop } from '@/components/ui/DialogBackdrop';
import { useId, useState } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { setSelectedEdition, useSelectedEdition } from '@/lib/shop/checkout/selected-edition';
import { CloseIcon } from '@/components/ui/icons';
import type { EditionView } from '@/lib/shop/catalogue';
import buttons from '@/components/ui/button.module.css';
import dialog from '@/components/ui/dialog.module.css';
import { CoverPreview } from './EditionCover';
import styles from './Shop.module.css';

/** Keyed by their messages in the shop namespace. */
export type Labels = {
  chooseLanguage: string;
  dialogTitle: string;
  dialogDescription: string;
  languageLabel: string;
  languagePlaceholder: string;
  proceed: string;
  close: string;
};

/** 'Select Language': a dropdown with a cover preview; Proceed stays disabled until a language is chosen. Loaded on open. */
export default function LanguageDialog({
  editions,
  initial,
  labels,
  onClose,
}: {
  editions: EditionView[];
  initial: string;
  labels: Labels;
  onClose: () => void;
}) {
  const selected = useSelectedEdition(initial);
  const router = useRouter();
  const [choice, setChoice] = useState('');
  const id = useId();
  const preview = editions.find((e) => e.id === (choice || selected));

  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <DialogBackdrop />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.dialogHeader}>
            <Dialog.Title className={styles.dialogTitle}>{labels.dialogTitle}</Dialog.Title>
            <Dialog.Close className={dialog.close} aria-label={labels.close}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.muted}>{labels.dialogDescription}</Dialog.Description>
          <div className={styles.dialogBody}>
            <div className={styles.field}>
              <label htmlFor={id}>{labels.languageLabel}</label>
              <select
                id={id}
                className={styles.input}
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
              >
                <option value="" disabled>
                  {labels.languagePlaceholder}
                </option>
                {editions.map((edition) => (
                  <option key={edition.id} value={edition.id}>
                    {edition.label}
                  </option>
                ))}
              </select>
            </div>
            {preview ? <CoverPreview edition={preview} /> : null}
          </div>
          <button
            type="button"
            className={buttons.primary}
            disabled={!choice}
            onClick={() => {
              setSelectedEdition(choice);
              onClose();
              router.push(`/the-love-blueprint/${choice}`);
            }}
          >
            {labels.proceed}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
