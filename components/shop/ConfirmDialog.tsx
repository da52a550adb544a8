'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { DialogBackdrop } from '@/components/ui/DialogBackdrop';
import buttons from '@/components/ui/button.module.css';
import styles from './Shop.module.css';
import { VatWording } from './VatWording';

type Props = {
  placing: boolean;
  labels: {
    confirmTitle: string;
    confirmBody: string;
    vatIncluded?: string;
    confirm: string;
    cancel: string;
    processing: string;
  };
  onConfirm: () => void;
  onClose: () => void;
};

/** 'Confirm Purchase': loaded only when the form is valid and about to ask (keeps Radix off the first load). */
export default function ConfirmDialog({ placing, labels, onConfirm, onClose }: Props) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !placing && onClose()}>
      <Dialog.Portal>
        <DialogBackdrop />
        <Dialog.Content className={styles.dialog} aria-busy={placing}>
          <Dialog.Title className={styles.dialogTitle}>{labels.confirmTitle}</Dialog.Title>
          {/* SPEC.md's sentence stays whole in its own paragraph; the VAT wording is its neighbour, and
              both describe the dialog, so a screen reader reads the price and the wording together. */}
          <Dialog.Description asChild>
            <div className={styles.confirmBody}>
              <p>{labels.confirmBody}</p>
              {labels.vatIncluded ? (
                <p>
                  <VatWording text={labels.vatIncluded} />
                </p>
              ) : null}
            </div>
          </Dialog.Description>
          <div className={styles.dialogActions}>
            <button type="button" className={buttons.primary} onClick={onConfirm} disabled={placing}>
              {placing ? labels.processing : labels.confirm}
            </button>
            <Dialog.Close className={buttons.secondary} disabled={placing}>
              {labels.cancel}
            </Dialog.Close>
          </div>
          {placing ? (
            <p className="visually-hidden" role="status">
              {labels.processing}
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
