'use client';

import { useSyncExternalStore } from 'react';

/**
 * The selected language edition on the eBook page: shared state, not persisted.
 * Until the visitor picks one, it is the edition in the page's own language (`initial`, decided
 * on the server), not a fixed 'en' (README: deliberate differences). A tiny store so the
 * cover, Buy Now, the dialog and the offer banner, separate islands, stay in step.
 */
let selected: string | null = null;
const listeners = new Set<() => void>();

export function setSelectedEdition(id: string) {
  selected = id;
  for (const listener of listeners) listener();
}

export function useSelectedEdition(initial: string): string {
  const chosen = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => selected,
    () => null,
  );
  return chosen ?? initial;
}
