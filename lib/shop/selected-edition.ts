'use client';

import { useSyncExternalStore } from 'react';

/**
 * The selected language edition on the eBook page (SPEC.md §3: shared state, default
 * 'en', not persisted). A tiny store so the cover, Buy Now, the dialog and the offer
 * banner, separate islands, stay in step.
 */
let selected = 'en';
const listeners = new Set<() => void>();

export function setSelectedEdition(id: string) {
  selected = id;
  for (const listener of listeners) listener();
}

export function useSelectedEdition(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => selected,
    () => 'en',
  );
}
