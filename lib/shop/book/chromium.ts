import { existsSync } from 'node:fs';
import { env } from '@/lib/env';

const USUAL = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** The Chromium that typesets the book: CHROMIUM_PATH, else the first usual install location, else Playwright's own download. */
export async function chromiumExecutable(): Promise<string> {
  const configured = env().chromiumPath;
  if (configured) return configured;
  const found = USUAL.find((path) => existsSync(path));
  if (found) return found;
  const { chromium } = await import('playwright-core');
  const bundled = chromium.executablePath();
  if (bundled && existsSync(bundled)) return bundled;
  throw new Error(
    'Typesetting the book needs Chromium: install it (Debian: apt install chromium; anywhere: npx playwright install chromium) or set CHROMIUM_PATH.',
  );
}
