'use client';

import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import type { Labels } from './LanguageDialog';
import type { EditionView } from '@/lib/shop/catalogue';
import buttons from '@/components/ui/button.module.css';

const LanguageDialog = dynamic(() => import('./LanguageDialog'), { ssr: false });

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
        <LanguageDialog
          editions={editions}
          initial={initial}
          labels={labels}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
