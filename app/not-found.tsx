import Link from 'next/link';
import './globals.css';

// Only reached for paths the locale proxy does not handle (e.g. unknown files); every
// page path gets the localized not-found page in app/[locale]/not-found.tsx instead.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body>
        <main className="fallback-page">
          <h1>Page not found</h1>
          <p>We couldn&apos;t find the page you were looking for.</p>
          <Link href="/">Go Home</Link>
        </main>
      </body>
    </html>
  );
}
