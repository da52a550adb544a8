'use client';

import { useEffect, useRef, type ReactNode } from 'react';

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

// motion's WAAPI `animate` (motion/mini), fetched the first time anything needs revealing: a
// visitor who never scrolls downloads no animation code at all.
let loadAnimate: Promise<typeof import('motion/mini').animate> | undefined;
const getAnimate = () => (loadAnimate ??= import('motion/mini').then((module) => module.animate));

/**
 * Entrance animation as progressive enhancement: the server HTML is fully visible (no
 * JavaScript, crawlers, reduced motion and anything already on screen stay as they are).
 * Only elements that start below the fold are hidden after hydration, where no one sees
 * it happen, and they fade and slide in when their top passes `at` of the viewport.
 * Only opacity and transform change, so nothing shifts the layout.
 */
export function Reveal({ children, at = 0.8, delay = 0, duration = 0.7, from = { y: 32 }, className }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const x = from.x ?? 0;
  const y = from.y ?? 0;

  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    element.style.opacity = '0';
    element.style.transform = `translate(${x}px, ${y}px)`;
    element.dataset.reveal = 'hidden';
    let cancelled = false;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        void getAnimate().then((animate) => {
          if (cancelled) return;
          element.dataset.reveal = 'shown';
          animate(
            element,
            { opacity: [0, 1], transform: [`translate(${x}px, ${y}px)`, 'translate(0px, 0px)'] },
            { duration, delay, ease: [0.22, 1, 0.36, 1] },
          ).finished.then(() => {
            element.style.opacity = '';
            element.style.transform = '';
          });
        });
      },
      { rootMargin: `0px 0px -${Math.round((1 - at) * 100)}% 0px` },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      element.style.opacity = '';
      element.style.transform = '';
    };
  }, [at, delay, duration, x, y]);

  return (
    <div ref={ref} className={className} data-reveal="static">
      {children}
    </div>
  );
}
