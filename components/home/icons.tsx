/** Feature and advantage icons, drawn inline (decorative: the card's heading names it). Each is one
 * stroked path: circles and rounded rectangles written as arcs. */
const paths: Record<string, string> = {
  match:
    'M4.5 9a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0zM10.5 15a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0zM12 10.2c.6.5 1 1.2 1 1.8',
  shield:
    'M12 3l7.5 3v5.5c0 4.6-3.2 8.3-7.5 9.5-4.3-1.2-7.5-4.9-7.5-9.5V6zM10 10.5h4a1 1 0 0 1 1 1v3a1 1 0 0 1-1 1h-4a1 1 0 0 1-1-1v-3a1 1 0 0 1 1-1zM10.3 10.5V9a1.7 1.7 0 0 1 3.4 0v1.5',
  people:
    'M5.5 8a3 3 0 1 0 6 0a3 3 0 1 0-6 0zM14 9a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0zM3 19c.6-3.2 2.8-5 5.5-5s4.9 1.8 5.5 5M14 14.3c.8-.5 1.6-.8 2.5-.8 2.2 0 4 1.5 4.5 4.5',
  verified:
    'M12 2.8l2.3 1.7 2.9-.1.9 2.7 2.3 1.7-.9 2.7.9 2.7-2.3 1.7-.9 2.7-2.9-.1L12 21.2l-2.3-1.7-2.9.1-.9-2.7-2.3-1.7.9-2.7-.9-2.7 2.3-1.7.9-2.7 2.9.1zM8.5 12.2l2.3 2.3 4.7-4.8',
  lock: 'M7 10.5h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2zM8 10.5V7.5a4 4 0 0 1 8 0v3',
  heart: 'M12 20s-7.5-4.6-7.5-10.1A4.2 4.2 0 0 1 12 7.4a4.2 4.2 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20z',
  chat: 'M4 5.5h16v10H9l-5 4zM8 9.5h8M8 12.5h5',
};

export function HomeIcon({ name, size = 26 }: { name: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name] ?? paths.heart} />
    </svg>
  );
}

export function Star({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" fill="#f2b84b" />
    </svg>
  );
}
