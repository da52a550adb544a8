import type { ReactNode } from 'react';

// A segment boundary of its own, so an unknown article gets blog/not-found.tsx ('Article not found').
export default function BlogLayout({ children }: { children: ReactNode }) {
  return children;
}
