'use client';

import type { EmblaCarouselType, EmblaPluginType } from 'embla-carousel';
import type { CarouselEngine as CarouselEngineType } from './CarouselEngine';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './Carousel.module.css';

export type CarouselLabels = {
  region: string;
  previous: string;
  next: string;
  pause: string;
  play: string;
  /** One accessible label per slide, e.g. "3 of 10". */
  slides: string[];
};

type Props = {
  children: ReactNode[];
  labels: CarouselLabels;
  autoplayMs?: number;
  loop?: boolean;
  direction?: 'ltr' | 'rtl';
  /** CSS class setting --per-view-md/-lg/-xl and --gap-md/-lg/-xl (see Carousel.module.css). */
  className?: string;
};

/**
 * A thin Embla wrapper with the controls WCAG asks for: previous/next buttons, a visible
 * pause/play toggle (2.2.2), autoplay that stops while the pointer or focus is inside, and
 * no autoplay at all for visitors who prefer reduced motion.
 */
type Direction = 'prev' | 'next';

/** The previous and next buttons, in that order, and their arrows (mirrored for right-to-left in the CSS). */
const arrows: { to: Direction; path: string }[] = [
  { to: 'prev', path: 'M15 5l-7 7 7 7' },
  { to: 'next', path: 'M9 5l7 7-7 7' },
];

function move(carousel: EmblaCarouselType, to: Direction) {
  if (to === 'prev') carousel.scrollPrev();
  else carousel.scrollNext();
}

export function Carousel({ children, labels, autoplayMs, loop = true, direction = 'ltr', className }: Props) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<EmblaCarouselType>();
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [canPrev, setCanPrev] = useState(loop);
  const [canNext, setCanNext] = useState(true);

  // Embla (CarouselEngine.tsx, embla-carousel-react's hook) is fetched and started in the first
  // idle moment after hydration, or at once when the visitor reaches for the carousel: its code
  // stays out of the page's first script run, and its first measurement of every slide (a forced
  // layout) out of hydration's task. Until then the slides sit where the CSS puts them, which is
  // where Embla starts them too; a button pressed meanwhile is remembered and played once it has started.
  const startNow = useRef<() => void>(() => {});
  const pending = useRef<Direction[]>([]);
  const [engine, setEngine] = useState<{ Engine: typeof CarouselEngineType; plugins: EmblaPluginType[] }>();
  useEffect(() => {
    let cancelled = false;
    let started = false;
    const start = async () => {
      if (started) return;
      started = true;
      cancelWait();
      const [{ CarouselEngine }, autoplay] = await Promise.all([
        import('./CarouselEngine'),
        autoplayMs ? import('embla-carousel-autoplay') : undefined,
      ]);
      if (cancelled) return;
      const plugins =
        autoplay && autoplayMs
          ? [
              autoplay.default({
                delay: autoplayMs,
                playOnInit: false,
                stopOnInteraction: false,
                stopOnMouseEnter: false,
                stopOnFocusIn: false,
              }),
            ]
          : [];
      setEngine({ Engine: CarouselEngine, plugins });
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle
      ? window.requestIdleCallback(() => void start(), { timeout: 1_500 })
      : window.setTimeout(() => void start(), 1);
    function cancelWait() {
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    }
    startNow.current = () => void start();
    return () => {
      cancelled = true;
      cancelWait();
      startNow.current = () => {};
      setEngine(undefined);
    };
  }, [autoplayMs]);

  const showButtonsOf = useCallback((carousel: EmblaCarouselType) => {
    setCanPrev(carousel.canScrollPrev());
    setCanNext(carousel.canScrollNext());
  }, []);

  // The engine hands over Embla once it has started on the viewport: buttons pressed before then are played now.
  const onApi = useCallback(
    (carousel: EmblaCarouselType | undefined) => {
      if (carousel) {
        for (const to of pending.current.splice(0)) move(carousel, to);
        showButtonsOf(carousel);
      }
      setApi(carousel);
    },
    [showButtonsOf],
  );

  const scroll = (to: Direction) => {
    if (api) return move(api, to);
    pending.current.push(to);
    startNow.current();
  };

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const playing = Boolean(autoplayMs) && !userPaused && !reducedMotion && !hovered && !focused;

  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    if (playing) autoplay.play();
    else autoplay.stop();
  }, [api, playing]);

  useEffect(() => {
    if (!api) return;
    const updateButtons = () => showButtonsOf(api);
    api.on('select', updateButtons).on('reInit', updateButtons);
    return () => {
      api.off('select', updateButtons).off('reInit', updateButtons);
    };
  }, [api, showButtonsOf]);

  const showToggle = Boolean(autoplayMs) && !reducedMotion;

  return (
    <section
      className={`${styles.carousel} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={labels.region}
      onPointerEnter={() => startNow.current()}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        startNow.current();
        setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-playing={playing}
      // Whether Embla has started (it loads when idle): its first transform is set then.
      data-started={api ? 'true' : 'false'}
    >
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container} aria-live={playing ? 'off' : 'polite'}>
          {children.map((child, index) => (
            <div
              key={index}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={labels.slides[index]}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      {engine ? (
        <engine.Engine
          viewport={viewportRef}
          options={{ loop, align: 'start', direction }}
          plugins={engine.plugins}
          onApi={onApi}
        />
      ) : null}
      <div className={styles.controls}>
        {showToggle ? (
          <button
            type="button"
            className={styles.control}
            onClick={() => setUserPaused((value) => !value)}
            aria-label={userPaused ? labels.play : labels.pause}
            data-testid="carousel-toggle"
          >
            {userPaused ? (
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M7 4.5v15l13-7.5z" fill="currentColor" />
              </svg>
            ) : (
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path d="M6 4h4v16H6zM14 4h4v16h-4z" fill="currentColor" />
              </svg>
            )}
          </button>
        ) : null}
        {arrows.map(({ to, path }) => (
          <button
            key={to}
            type="button"
            className={styles.control}
            onClick={() => scroll(to)}
            disabled={!(to === 'prev' ? canPrev : canNext)}
            aria-label={to === 'prev' ? labels.previous : labels.next}
          >
            <svg
              className={styles.arrow}
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d={path} />
            </svg>
          </button>
        ))}
      </div>
    </section>
  );
}
