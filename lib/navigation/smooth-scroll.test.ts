import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { easeInOutCubic, smoothScrollToElement, targetScrollY } from './smooth-scroll';

/** A window that scrolls and paints only when the test says so, and an element at a document position the test can move. */
function fakePage({ reducedMotion = false } = {}) {
  const page = { scrollY: 0, now: 0, elementTop: 2540, frames: [] as FrameRequestCallback[] };
  vi.stubGlobal('window', {
    get scrollY() {
      return page.scrollY;
    },
    scrollTo: (_x: number, y: number) => (page.scrollY = y),
    matchMedia: () => ({ matches: reducedMotion }),
  });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => page.frames.push(callback));
  vi.spyOn(performance, 'now').mockImplementation(() => page.now);
  const element = {
    focus: vi.fn(),
    getBoundingClientRect: () => ({ top: page.elementTop - page.scrollY }),
  } as unknown as HTMLElement;
  /** Paints 16 ms frames until the scroll stops asking for one. */
  const paint = (until = Infinity) => {
    while (page.frames.length && page.now < until) {
      page.now += 16;
      page.frames.shift()!(page.now);
    }
  };
  return { page, element, paint };
}

describe('smoothScrollToElement', () => {
  beforeEach(() => vi.restoreAllMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('ends with the element 100 px below the top of the viewport, passing through positions on the way', () => {
    const { page, element, paint } = fakePage();
    const seen = new Set<number>();
    smoothScrollToElement(element, 500, -100);
    while (page.frames.length) {
      paint(page.now + 16);
      seen.add(Math.round(page.scrollY));
    }
    expect(page.scrollY).toBe(2440);
    expect(seen.size).toBeGreaterThan(10);
    expect(element.focus).toHaveBeenCalledWith({ preventScroll: true });
  });

  it('follows the element when the layout above it shifts while the scroll runs (a late font, a hydrating island)', () => {
    const { page, element, paint } = fakePage();
    smoothScrollToElement(element, 500, -100);
    paint(100);
    page.elementTop += 77; // content above the section grows by one heading line
    paint();
    expect(element.getBoundingClientRect().top).toBe(100);
  });

  it('jumps straight there for visitors who prefer reduced motion', () => {
    const { page, element } = fakePage({ reducedMotion: true });
    smoothScrollToElement(element, 500, -100);
    expect(page.scrollY).toBe(2440);
    expect(page.frames).toHaveLength(0);
  });
});

describe('scroll arithmetic', () => {
  it('eases from 0 to 1 and clamps outside', () => {
    expect([easeInOutCubic(-1), easeInOutCubic(0), easeInOutCubic(0.5), easeInOutCubic(1), easeInOutCubic(2)]).toEqual([
      0, 0, 0.5, 1, 1,
    ]);
  });
  it('never targets above the top of the document', () => {
    expect(targetScrollY(50, 0, -100)).toBe(0);
    expect(targetScrollY(300, 200, -100)).toBe(400);
  });
});
