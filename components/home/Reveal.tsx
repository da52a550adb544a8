'use client';

import * as m from 'motion/react-m';
import { useEffect, useRef, useState, type ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** Reveal once the element's top passes this fraction of the viewport (SPEC.md §4: 0.8, 0.85, 0.9). */
  at?: number;
  delay?: number;
  duration?: number;
  /** Where the element starts from, in px. */
  from?: { x?: number; y?: number };
  className?: string;
};

type Phase = 'static' | 'hidden' | 'shown';

/**
 * Entrance animation as progressive enhancement: the server HTML is fully visible (no
 * JavaScript, crawlers, reduced motion and anything already on screen stay as they are).
 * Only elements that start below the fold are hidden after hydration, where no one sees
 * it happen, and they fade and slide in when their top passes `at` of the viewport.
 * Only opacity and transform change, so nothing shifts the layout. The state lives in
 * props rather than imperative controls, so it holds even before motion's lazily loaded
 * features arrive.
 */
export function Reveal({ children, at = 0.8, delay = 0, duration = 0.7, from = { y: 32 }, className }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('static');

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setPhase('shown');
          observer.disconnect();
        } else {
          setPhase((current) => (current === 'static' ? 'hidden' : current));
        }
      },
      { rootMargin: `0px 0px -${Math.round((1 - at) * 100)}% 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [at]);

  const x = from.x ?? 0;
  const y = from.y ?? 0;
  return (
    <m.div
      ref={ref}
      className={className}
      data-reveal={phase}
      animate={phase === 'hidden' ? { opacity: 0, x, y } : phase === 'shown' ? { opacity: 1, x: 0, y: 0 } : undefined}
      transition={phase === 'hidden' ? { duration: 0 } : { duration, delay, ease: [0.22, 1, 0.36, 1] }}
    >
      {children}
    </m.div>
  );
}
