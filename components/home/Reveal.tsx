import type { ReactNode } from 'react';
import { REVEAL_DEFAULTS } from './reveal-defaults';

type Props = {
  children: ReactNode;
  /** Reveal once the element's top passes this fraction of the viewport (section 0.8, paragraph 0.85, card 0.9). */
  at?: number;
  /** Seconds. */
  delay?: number;
  /** Seconds. */
  duration?: number;
  /** Where the element starts from, in px. */
  from?: { x?: number; y?: number };
  className?: string;
};

/**
 * An entrance animation, declared in the server HTML: the element is fully visible as sent, and
 * the page's one `RevealOnScroll` island animates it (data-reveal-* say how). A server
 * component, so twenty-odd reveals cost the page no client component each.
 */
export function Reveal({ children, at, delay, duration, from, className }: Props) {
  // Only what differs from the defaults is written, once in the HTML and once in the payload.
  const differs = <T,>(value: T | undefined, fallback: T) => (value === fallback ? undefined : value);
  const x = from?.x ?? REVEAL_DEFAULTS.from.x;
  const y = from?.y ?? REVEAL_DEFAULTS.from.y;
  const fromDiffers = x !== REVEAL_DEFAULTS.from.x || y !== REVEAL_DEFAULTS.from.y;
  return (
    <div
      className={className}
      data-reveal="static"
      data-reveal-at={differs(at, REVEAL_DEFAULTS.at)}
      data-reveal-delay={differs(delay, REVEAL_DEFAULTS.delay)}
      data-reveal-duration={differs(duration, REVEAL_DEFAULTS.duration)}
      data-reveal-from={fromDiffers ? `${x} ${y}` : undefined}
    >
      {children}
    </div>
  );
}
