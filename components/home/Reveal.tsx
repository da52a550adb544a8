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
    let cancelled = false;
    let reveal: IntersectionObserver | undefined;
    // Where the element starts comes from an observer's first report, which the browser computes
    // with its own next layout: asking getBoundingClientRect() here forced one layout per Reveal
    // during hydration (about a third of the home page's blocking time on a slow phone).
    const start = new IntersectionObserver(([entry]) => {
      start.disconnect();
      if (!entry || cancelled) return;
      const viewportBottom = entry.rootBounds?.bottom ?? window.innerHeight;
      if (entry.isIntersecting || entry.boundingClientRect.top < viewportBottom) return;
      element.style.opacity = '0';
      element.style.transform = `translate(${x}px, ${y}px)`;
      element.dataset.reveal = 'hidden';
      reveal = new IntersectionObserver(
        ([next]) => {
          if (!next?.isIntersecting) return;
          reveal?.disconnect();
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
      reveal.observe(element);
    });
    start.observe(element);
    return () => {
      cancelled = true;
      start.disconnect();
      reveal?.disconnect();
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
