'use client';

import { useRouter } from '@/lib/i18n/navigation';

/** Goes back one step in history, or to the blog when this page was opened directly. */
export function GoBackButton({ label, className }: { label: string; className?: string }) {
  const router = useRouter();
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        if (window.history.length > 1) window.history.back();
        else router.push('/blog');
      }}
    >
      {label}
    </button>
  );
}
