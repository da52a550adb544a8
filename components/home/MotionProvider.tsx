'use client';

import { LazyMotion } from 'motion/react';
import type { ReactNode } from 'react';

// The animation features arrive in their own chunk after hydration, so motion adds almost
// nothing to the page's first JavaScript.
const loadFeatures = () => import('./motion-features').then((module) => module.default);

export function MotionProvider({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      {children}
    </LazyMotion>
  );
}
