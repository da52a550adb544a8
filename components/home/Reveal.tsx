import type { ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** Reveal once the element's top passes this fraction of the viewport (SPEC.md §4: 0.8, 0.85, 0.9); default 0.8. */
  at?: number;
  /** Seconds; default 0. */
  delay?: number;
  /** Seconds; default 0.7. */
  duration?: number;
  /** Where the element starts from, in px; default 32 px below. */
  from?: { x?: number; y?: number };
  className?: string;
};

/**
 * An entrance animation, declared in the server HTML: the element is fully visible as sent, and
 * the page's one `RevealOnScroll` island animates it (data-reveal-* say how). A server
 * component, so twenty-odd reveals cost the page no client component each.
 */
export function Reveal({ children, at, delay, duration, from, className }: Props) {
  // Only what differs from RevealOnScroll's defaults is written, once in the HTML and once in the payload.
  return (
    <div
      className={className}
      data-reveal="static"
      data-reveal-at={at}
      data-reveal-delay={delay}
      data-reveal-duration={duration}
      data-reveal-from={from && `${from.x ?? 0} ${from.y ?? 0}`}
    >
      {children}
    </div>
  );
}
