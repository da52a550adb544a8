import type { CarouselLabels } from './Carousel';

/** A namespace's translator, for the keys every autoplaying carousel's namespace has. */
type CarouselMessages = (
  key: 'previous' | 'next' | 'pause' | 'play' | 'slideLabel',
  values?: { index: number; total: number },
) => string;

/** An autoplaying carousel's labels from its namespace's messages: the arrows, pause and play, and "2 of 5" per slide. */
export function carouselLabels(t: CarouselMessages, region: string, count: number): CarouselLabels {
  return {
    region,
    previous: t('previous'),
    next: t('next'),
    pause: t('pause'),
    play: t('play'),
    slides: Array.from({ length: count }, (_, index) => t('slideLabel', { index: index + 1, total: count })),
  };
}
