/** easeInOutCubic: gentle start and stop, so a 500 ms scroll does not feel abrupt. */
export function easeInOutCubic(t: number): number {
  const p = Math.min(1, Math.max(0, t));
  return p < 0.5 ? 4 * p * p * p : 1 - (-2 * p + 2) ** 3 / 2;
}

/** Document Y to scroll to so the element sits `offsetPx` from the top of the viewport. */
export function targetScrollY(elementTop: number, currentScrollY: number, offsetPx: number): number {
  return Math.max(0, elementTop + currentScrollY + offsetPx);
}

/**
 * Scrolls the window to an element over `durationMs` with a fixed offset (the header
 * is fixed, so -100 px keeps the heading visible). Visitors who prefer reduced motion
 * jump straight there. Focus moves to the element so keyboard users land where they see.
 * The target is re-read every frame: a page still settling (a late font, an island hydrating)
 * can move the element while the scroll runs, and the scroll must end where the element is then.
 */
export function smoothScrollToElement(element: HTMLElement, durationMs: number, offsetPx: number): void {
  const start = window.scrollY;
  const target = () => targetScrollY(element.getBoundingClientRect().top, window.scrollY, offsetPx);
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.focus({ preventScroll: true });
  if (reduced || durationMs <= 0) {
    window.scrollTo(0, target());
    return;
  }
  const startedAt = performance.now();
  const step = (now: number) => {
    const progress = Math.min(1, (now - startedAt) / durationMs);
    window.scrollTo(0, start + (target() - start) * easeInOutCubic(progress));
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
