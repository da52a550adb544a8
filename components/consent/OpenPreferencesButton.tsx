'use client';

import { OPEN_PREFERENCES_EVENT } from '@/lib/consent/header';

/** Reopens the Privacy Preference Center from anywhere (footer, /manage-cookies). */
export function OpenPreferencesButton({ label, className }: { label: string; className?: string }) {
  return (
    <button
      type="button"
      className={className}
      aria-haspopup="dialog"
      onClick={() => window.dispatchEvent(new Event(OPEN_PREFERENCES_EVENT))}
    >
      {label}
    </button>
  );
}
