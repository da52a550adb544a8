import { Activity, type ReactNode } from 'react';

/**
 * A hydration boundary that changes nothing in the HTML: React's server renderer writes an
 * Activity's content in place (unlike a Suspense boundary's, which it may stream behind a
 * script), and the browser hydrates it as its own unit of work at low priority, in short
 * slices, instead of inside one long task with the whole page.
 * An event inside hydrates it first.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
