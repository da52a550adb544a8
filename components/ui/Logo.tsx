import { useId } from 'react';

/** The Amora mark: a white heart on a rose-to-coral tile. Decorative; the wordmark beside it carries the name. */
export function LogoMark({ size = 36 }: { size?: number }) {
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c2255c" />
          <stop offset="1" stopColor="#ff7a59" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="12" fill={`url(#${gradientId})`} />
      <path
        d="M20 31.5s-10.5-6.4-10.5-13.6c0-3.5 2.6-6.2 5.9-6.2 2 0 3.7 1 4.6 2.6.9-1.6 2.6-2.6 4.6-2.6 3.3 0 5.9 2.7 5.9 6.2 0 7.2-10.5 13.6-10.5 13.6z"
        fill="#fff"
      />
      <circle cx="28.5" cy="11" r="2.2" fill="#ffe3d8" />
    </svg>
  );
}
