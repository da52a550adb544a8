'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { DialogBackdrop } from '@/components/ui/DialogBackdrop';
import { useId, useState } from 'react';
import {
  ALL_CONSENT,
  NO_CONSENT,
  consentCategories,
  type ConsentCategory,
  type Preferences,
} from '@/lib/consent/cookies';
import { CloseIcon } from '@/components/ui/icons';
import type { ConsentLabels } from './labels';
import dialog from '@/components/ui/dialog.module.css';
import styles from './Consent.module.css';

type Props = {
  labels: ConsentLabels;
  initial: Preferences;
  onOpenChange: (open: boolean) => void;
  onDecide: (preferences: Preferences) => void;
};

const categoryLabels: Record<ConsentCategory, { title: keyof ConsentLabels; text: keyof ConsentLabels }> = {
  advertising: { title: 'advertisingTitle', text: 'advertisingText' },
  marketing: { title: 'marketingTitle', text: 'marketingText' },
  analytics: { title: 'analyticsTitle', text: 'analyticsText' },
};

function Switch({
  checked,
  disabled,
  onChange,
  labelledBy,
  describedBy,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange?: (value: boolean) => void;
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      className={styles.switch}
      onClick={() => onChange?.(!checked)}
    >
      <span className={styles.thumb} aria-hidden="true" />
    </button>
  );
}

/** The Privacy Preference Center: a modal dialog (focus trapped, Esc closes) with one switch per category. */
export default function PreferenceCenter({ labels, initial, onOpenChange, onDecide }: Props) {
  const [choices, setChoices] = useState<Preferences>(initial);
  const id = useId();

  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <DialogBackdrop />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.dialogHeader}>
            <Dialog.Title className={styles.dialogTitle}>{labels.centerTitle}</Dialog.Title>
            <Dialog.Close className={dialog.close} aria-label={labels.close}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.intro}>{labels.centerIntro}</Dialog.Description>
          <ul className={styles.rows}>
            <li className={styles.row}>
              <div>
                <h3 id={`${id}-necessary`} className={styles.rowTitle}>
                  {labels.necessaryTitle} <span className={styles.always}>{labels.alwaysOn}</span>
                </h3>
                <p id={`${id}-necessary-text`} className={styles.rowText}>
                  {labels.necessaryText}
                </p>
              </div>
              <Switch checked disabled labelledBy={`${id}-necessary`} describedBy={`${id}-necessary-text`} />
            </li>
            {consentCategories.map((category) => (
              <li key={category} className={styles.row}>
                <div>
                  <h3 id={`${id}-${category}`} className={styles.rowTitle}>
                    {labels[categoryLabels[category].title]}
                  </h3>
                  <p id={`${id}-${category}-text`} className={styles.rowText}>
                    {labels[categoryLabels[category].text]}
                  </p>
                </div>
                <Switch
                  checked={choices[category]}
                  onChange={(value) => setChoices((current) => ({ ...current, [category]: value }))}
                  labelledBy={`${id}-${category}`}
                  describedBy={`${id}-${category}-text`}
                />
              </li>
            ))}
          </ul>
          <div className={styles.dialogActions}>
            <button type="button" className={styles.choice} onClick={() => onDecide(ALL_CONSENT)}>
              {labels.iAcceptAll}
            </button>
            <button type="button" className={styles.choice} onClick={() => onDecide(NO_CONSENT)}>
              {labels.refuseAll}
            </button>
            <button type="button" className={styles.choice} onClick={() => onDecide(choices)}>
              {labels.save}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
