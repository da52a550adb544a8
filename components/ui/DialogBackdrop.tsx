'use client';

import { useEffect } from 'react';
import dialog from './dialog.module.css';

/** Dialogs open at once: the page stays locked until the last one closes. */
let openDialogs = 0;

/**
 * A dialog's dimmed backdrop, and the page's scroll lock while it is open, drawn inside
 * Dialog.Portal (mounted while the dialog is open). Radix's own Dialog.Overlay locks scrolling
 * with react-remove-scroll, which adds a <style> element at run time: a shared document has no
 * nonce to give it, and its CSP refuses it (docs/decisions/0018-shareable-documents.md). Here
 * the lock is a class on <html> (app/globals.css); focus trap, Esc and aria-hidden come from
 * Dialog.Content, and a click on the backdrop closes the dialog as Radix's outside click does.
 */
export function DialogBackdrop() {
  useEffect(() => {
    openDialogs += 1;
    document.documentElement.classList.add('scroll-locked');
    return () => {
      openDialogs -= 1;
      if (openDialogs === 0) document.documentElement.classList.remove('scroll-locked');
    };
  }, []);
  return <div className={dialog.overlay} aria-hidden="true" />;
}
