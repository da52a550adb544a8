'use client';

import { useEffect, useId, useRef, useState, type RefObject } from 'react';

/**
 * Open/closed state for a menu-like disclosure: open only on the page it was opened on
 * (so any navigation closes it), closed by Escape (focus returns to the toggle) and,
 * when `root` is given, by a pointer press outside it. `toggle` wires the button to its panel
 * (`panelId`): spread it on the button, and give the panel that id.
 */
export function useDisclosure<T extends HTMLElement>(page: string, root?: RefObject<HTMLElement | null>) {
  const [openOn, setOpenOn] = useState<string | null>(null);
  const toggleRef = useRef<T>(null);
  const panelId = useId();
  const open = openOn === page;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root && !root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, root]);

  return {
    open,
    setOpen: (value: boolean) => setOpenOn(value ? page : null),
    panelId,
    toggle: { ref: toggleRef, 'aria-expanded': open, 'aria-controls': panelId },
  };
}
