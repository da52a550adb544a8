import type { ImgHTMLAttributes } from 'react';
import { preload } from 'react-dom';

// No srcSet or sizes: one SVG per picture (a `sizes` without a `srcset` is invalid HTML).
type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'srcSet' | 'sizes'> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: preloaded at high priority, and not lazy. */
  priority?: boolean;
};

/**
 * The `<img>` next/image writes for an unoptimized picture (size, lazy loading unless `priority`,
 * async decoding, a preload when `priority`), as a plain element. Our pictures are SVGs served as
 * they are, so next/image would add nothing else, yet in a client island (the shop's edition cover)
 * its code is 4.5 KiB of gzip script. It also leaves out next/image's style="color:transparent",
 * which our CSP's no-style-attributes rule refuses (lib/security/csp.ts).
 */
export function StaticImage({
  src,
  alt,
  width,
  height,
  priority = false,
  loading,
  decoding = 'async',
  ...rest
}: Props) {
  if (priority) preload(src, { as: 'image', fetchPriority: 'high' });
  return (
    // eslint-disable-next-line @next/next/no-img-element -- the attributes next/image computes, as above
    <img
      alt={alt}
      {...rest}
      loading={priority ? loading : (loading ?? 'lazy')}
      width={width}
      height={height}
      decoding={decoding}
      src={src}
    />
  );
}
