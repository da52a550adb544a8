import { getImageProps, type ImageProps } from 'next/image';
import { preload } from 'react-dom';

/**
 * A picture that needs nothing from the browser's scripts: the `<img>` next/image would write
 * (size, lazy loading, async decoding, preload when `priority`), as a plain element, so it adds
 * no client component to hydrate. Our pictures are SVGs served as they are, hence `unoptimized`.
 */
export function StaticImage(input: ImageProps) {
  const { props } = getImageProps({ unoptimized: true, ...input });
  // next/image writes style="color:transparent" (it hides alt text while loading); our CSP allows
  // no style attributes in markup (lib/security/csp.ts), and a loaded picture looks the same without it.
  const { color: _color, ...style } = props.style ?? {};
  if (input.priority && typeof props.src === 'string') preload(props.src, { as: 'image', fetchPriority: 'high' });
  // eslint-disable-next-line @next/next/no-img-element -- these are the attributes next/image computes
  return <img {...props} style={Object.keys(style).length > 0 ? style : undefined} alt={props.alt} />;
}
