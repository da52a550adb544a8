'use client';

import { createContext, useContext, type ReactNode } from 'react';

export type ErrorLabels = { title: string; body: string; retry: string; goHome: string };

// No default: app/[locale]/layout.tsx always provides the page's own (an error boundary without
// them would fail, and app/global-error.tsx, which needs none, would show instead).
const Context = createContext<ErrorLabels | null>(null);

/**
 * The error boundary is a client component that cannot receive props, so the layout
 * hands it its already-translated strings here (no message formatter ships to the browser).
 */
export function ErrorLabelsProvider({ labels, children }: { labels: ErrorLabels; children: ReactNode }) {
  return <Context.Provider value={labels}>{children}</Context.Provider>;
}

export const useErrorLabels = () => useContext(Context)!;
