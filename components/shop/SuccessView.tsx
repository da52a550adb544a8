'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { DialogBackdrop } from '@/components/ui/DialogBackdrop';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { PURCHASE_DATA_KEY, fileNameOf, readPurchaseData, withoutDownload } from '@/lib/shop/checkout/purchase-data';
import type { EditionView } from '@/lib/shop/catalogue';
import buttons from '@/components/ui/button.module.css';
import { fillPlaceholders } from '@/lib/i18n/placeholders';
import { CoverPreview } from './EditionCover';
import styles from './Shop.module.css';

type Labels = {
  goToDownload: string;
  dialogTitle: string;
  greeting: string;
  magicLink: string;
  download: string;
  downloading: string;
  close: string;
  noDetails: string;
  downloaded: string;
};

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** Rewrites the stored purchase (same key, same shape) and re-renders what reads it. */
const store = (value: string) => {
  localStorage.setItem(PURCHASE_DATA_KEY, value);
  for (const listener of listeners) listener();
};

/**
 * /success: 'Go to Download' opens the dialog with the cover and a greeting. Download
 * fetches the file without caching; anything but a non-empty file goes to /broken-link.
 */
export function SuccessView({ editions, labels }: { editions: EditionView[]; labels: Labels }) {
  const router = useRouter();
  // undefined while hydrating (the server cannot see localStorage), so nothing flashes.
  const raw = useSyncExternalStore<string | null | undefined>(
    subscribe,
    () => localStorage.getItem(PURCHASE_DATA_KEY),
    () => undefined,
  );
  const data = raw === undefined ? null : readPurchaseData(raw);
  const [downloading, setDownloading] = useState(false);
  const edition = editions.find((e) => e.id === data?.productId) ?? editions[0]!;

  // An expired download URL is not kept (its token is a key to the file).
  useEffect(() => {
    if (raw && data && !data.downloadUrl && raw.includes('downloadUrl')) store(JSON.stringify(data));
  }, [raw, data]);

  const download = async () => {
    if (!data?.downloadUrl) return;
    setDownloading(true);
    try {
      const response = await fetch(data.downloadUrl, { cache: 'no-store' });
      if (!response.ok || response.status === 404) throw new Error(`download failed: ${response.status}`);
      const blob = await response.blob();
      if (blob.size === 0) throw new Error('empty file');
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(data.downloadUrl);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      // The buyer has the file: the token-bearing URL need not stay in the browser.
      store(JSON.stringify(withoutDownload(data)));
    } catch {
      router.push('/broken-link');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Dialog.Root>
      <Dialog.Trigger className={buttons.primary}>{labels.goToDownload}</Dialog.Trigger>
      {raw !== undefined && !data ? <p className={styles.muted}>{labels.noDetails}</p> : null}
      <Dialog.Portal>
        <DialogBackdrop />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>{labels.dialogTitle}</Dialog.Title>
          {data ? (
            <div className={styles.successBody}>
              <CoverPreview edition={edition} />
              <div>
                <p className={styles.greeting}>{fillPlaceholders(labels.greeting, { name: data.name })}</p>
                <Dialog.Description>
                  {data.downloadUrl ? fillPlaceholders(labels.magicLink, { email: data.email }) : labels.downloaded}
                </Dialog.Description>
              </div>
            </div>
          ) : (
            <Dialog.Description>{labels.noDetails}</Dialog.Description>
          )}
          <div className={styles.dialogActions}>
            {data?.downloadUrl ? (
              <button type="button" className={buttons.primary} onClick={() => void download()} disabled={downloading}>
                {downloading ? labels.downloading : labels.download}
              </button>
            ) : null}
            <Dialog.Close className={buttons.secondary}>{labels.close}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
