/** How It Works: a swipe or drag counts once it moves more than 50 px horizontally. */
const SWIPE_THRESHOLD_PX = 50;

/** Index arithmetic that wraps around at both ends. */
export function wrapIndex(index: number, length: number): number {
  return ((index % length) + length) % length;
}

/**
 * +1 (forward) for a leftward swipe, -1 (back) for a rightward one, or null when the
 * movement is too short or more vertical than horizontal (the visitor is scrolling).
 */
export function swipeDirection(dx: number, dy: number): 1 | -1 | null {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return null;
  return dx < 0 ? 1 : -1;
}
