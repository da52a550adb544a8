'use client';

import type { EmblaCarouselType, EmblaOptionsType, EmblaPluginType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, type RefObject } from 'react';

type Props = {
  viewport: RefObject<HTMLDivElement | null>;
  options: EmblaOptionsType;
  plugins: EmblaPluginType[];
  onApi: (api: EmblaCarouselType | undefined) => void;
};

/**
 * Embla, through its React hook, on the carousel's viewport. Carousel.tsx imports this module only
 * once the page is idle (or the visitor reaches for the carousel), so Embla stays off the first paint.
 */
export function CarouselEngine({ viewport, options, plugins, onApi }: Props) {
  const [emblaRef, emblaApi] = useEmblaCarousel(options, plugins);
  useEffect(() => emblaRef(viewport.current), [emblaRef, viewport]);
  useEffect(() => {
    onApi(emblaApi);
    return () => onApi(undefined);
  }, [emblaApi, onApi]);
  return null;
}
