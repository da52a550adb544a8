'use client';

import { lazy, Suspense, useRef, useState } from 'react';
import type { Labels } from './LanguageDialog';
import type { EditionView } from '@/lib/shop/catalogue';
import buttons from '@/components/ui/button.module.css';

// Downloaded only when it opens (it is never server-rendered). React.lazy, not next/dynamic, whose
// loader would add about 1.5 KiB of gzip script to the page.
const LanguageDialog = lazy(() => import('./LanguageDialog'));

/** Opens the 'Select Language' dialog, whose code (and Radix) is fetched only then. */
export function LanguageButton({
  editions,
  initial,
  labels,
}: {
  editions: EditionView[];
  initial: string;
  labels: Labels;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={buttons.secondary}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {labels.chooseLanguage}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <LanguageDialog
            editions={editions}
            initial={initial}
            labels={labels}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
