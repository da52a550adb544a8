'use client';

import { useEffect, useRef } from 'react';
import { usePathname } from '@/lib/i18n/navigation';
import { SECTION_SCROLL, SECTION_STORAGE_KEY, pendingSection } from '@/lib/navigation/sections';
import { smoothScrollToElement } from '@/lib/navigation/smooth-scroll';

/**
 * Route-change scrolling: every navigation starts at the
 * top, except that the home page scrolls to the section handed to it through
 * sessionStorage (cleared once read) or named by `?section=`.
 */
export function ScrollManager() {
  const pathname = usePathname();
  const firstRender = useRef(true);

  useEffect(() => {
    const isInitialLoad = firstRender.current;
    firstRender.current = false;

    if (pathname === '/') {
      const stored = sessionStorage.getItem(SECTION_STORAGE_KEY);
      sessionStorage.removeItem(SECTION_STORAGE_KEY);
      const section = pendingSection(stored, new URLSearchParams(window.location.search).get('section'));
      const target = section ? document.getElementById(section) : null;
      if (target) {
        // Wait a frame so the router's own scroll handling has finished first.
        const frame = requestAnimationFrame(() =>
          smoothScrollToElement(target, SECTION_SCROLL.durationMs, SECTION_SCROLL.offsetPx),
        );
        return () => cancelAnimationFrame(frame);
      }
    }
    // A reload keeps the browser's own scroll restoration; an in-page anchor keeps its target.
    if (!isInitialLoad && !window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);

  return null;
}
