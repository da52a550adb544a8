import { existsSync } from 'node:fs';

/** Debian's full browser: what a visitor runs, and what Lighthouse's bf-cache audit needs. */
export const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's old headless shell (package chromium-headless-shell): the same Chromium build without
 * the browser's UI layers, and what Playwright itself drives for headless runs. The suite needs
 * about half the CPU with it (docs/test-time.md), so it is the default when installed.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The browser the e2e suite drives: CHROMIUM_PATH, else the headless shell, else the full browser. */
export function e2eChromium(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}
