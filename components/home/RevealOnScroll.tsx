'use client';

import { useEffect } from 'react';
import { REVEAL_DEFAULTS } from './reveal-defaults';

// motion's WAAPI `animate` (motion/mini), fetched the first time anything needs revealing: a
// visitor who never scrolls downloads no animation code at all.
let loadAnimate: Promise<typeof import('motion/mini').animate> | undefined;
const getAnimate = () => (loadAnimate ??= import('motion/mini').then((module) => module.animate));

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
};

/**
 * The entrance animations of the page's `Reveal` blocks, as progressive enhancement: the server
 * HTML is fully visible (no JavaScript, crawlers, reduced motion and anything already on screen
 * stay as they are). Only blocks that start below the fold are hidden, after hydration where no
 * one sees it happen, and they fade and slide in when their top passes `at` of the viewport.
 * Only opacity and transform change, so nothing shifts the layout.
 * Blocks that stream in after this runs (a slow backend's FAQs) simply stay visible.
 */
export function RevealOnScroll() {
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const elements = [...document.querySelectorAll<HTMLElement>('[data-reveal="static"]')];
    if (elements.length === 0) return;
    let cancelled = false;
    const hidden = new Set<HTMLElement>();
    // One observer per threshold (the viewport fraction is its root margin).
    const revealers = new Map<number, IntersectionObserver>();
    const revealer = (at: number) => {
      let observer = revealers.get(at);
      if (!observer) {
        observer = new IntersectionObserver(
          (entries, self) =>
            entries.forEach((entry) => entry.isIntersecting && show(entry.target as HTMLElement, self)),
          {
            rootMargin: `0px 0px -${Math.round((1 - at) * 100)}% 0px`,
          },
        );
        revealers.set(at, observer);
      }
      return observer;
    };
    const offset = (element: HTMLElement) => {
      const { x: defaultX, y: defaultY } = REVEAL_DEFAULTS.from;
      const [x = defaultX, y = defaultY] = element.dataset.revealFrom?.split(' ').map((part) => number(part, 0)) ?? [];
      return `translate(${x}px, ${y}px)`;
    };
    const show = (element: HTMLElement, observer: IntersectionObserver) => {
      observer.unobserve(element);
      void getAnimate().then((animate) => {
        if (cancelled) return;
        element.dataset.reveal = 'shown';
        animate(
          element,
          { opacity: [0, 1], transform: [offset(element), 'translate(0px, 0px)'] },
          {
            duration: number(element.dataset.revealDuration, REVEAL_DEFAULTS.duration),
            delay: number(element.dataset.revealDelay, REVEAL_DEFAULTS.delay),
            ease: [0.22, 1, 0.36, 1],
          },
        ).finished.then(() => {
          element.style.opacity = '';
          element.style.transform = '';
          hidden.delete(element);
        });
      });
    };
    // Where each block starts comes from an observer's first report, which the browser computes
    // with its own next layout: asking getBoundingClientRect() here would force one layout per
    // block during hydration.
    const start = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const element = entry.target as HTMLElement;
        start.unobserve(element);
        const viewportBottom = entry.rootBounds?.bottom ?? window.innerHeight;
        if (cancelled || entry.isIntersecting || entry.boundingClientRect.top < viewportBottom) continue;
        element.style.opacity = '0';
        element.style.transform = offset(element);
        element.dataset.reveal = 'hidden';
        hidden.add(element);
        revealer(number(element.dataset.revealAt, REVEAL_DEFAULTS.at)).observe(element);
      }
    });
    elements.forEach((element) => start.observe(element));
    return () => {
      cancelled = true;
      start.disconnect();
      revealers.forEach((observer) => observer.disconnect());
      hidden.forEach((element) => {
        element.style.opacity = '';
        element.style.transform = '';
        element.dataset.reveal = 'static';
      });
    };
  }, []);
  return null;
}
