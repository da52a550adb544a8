'use client';

import { createContext, useContext, type ReactNode } from 'react';

export type ErrorLabels = { title: string; body: string; retry: string; goHome: string };

const Context = createContext<ErrorLabels>({
  title: 'Something went wrong',
  body: 'An unexpected error stopped this page from loading. Please try again in a moment.',
  retry: 'Try again',
  goHome: 'Go Home',
});

/**
 * The error boundary is a client component that cannot receive props, so the layout
 * hands it its already-translated strings here (no message formatter ships to the browser).
 */
export function ErrorLabelsProvider({ labels, children }: { labels: ErrorLabels; children: ReactNode }) {
  return <Context.Provider value={labels}>{children}</Context.Provider>;
}

export const useErrorLabels = () => useContext(Context);
