'use client';

import './globals.css';

// Last-resort boundary when the root layout itself fails; it cannot rely on translations.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body>
        <main className="fallback-page">
          <h1>Something went wrong</h1>
          <p>An unexpected error stopped this page from loading. Please try again in a moment.</p>
          <button type="button" onClick={reset}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
