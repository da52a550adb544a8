/**
 * What a `Reveal` block does unless it says otherwise: `Reveal` writes only values that differ
 * from these, and `RevealOnScroll` falls back to them.
 */
export const REVEAL_DEFAULTS = {
  /** Reveal once the block's top passes this fraction of the viewport (a section: 0.8). */
  at: 0.8,
  /** Seconds. */
  delay: 0,
  /** Seconds. */
  duration: 0.7,
  /** Where the block starts from, in px. */
  from: { x: 0, y: 32 },
} as const;
