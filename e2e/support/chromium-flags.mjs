// Shared by the e2e suite (playwright.config.ts), the benchmark (bench/lib.mjs) and the screenshot
// scripts, which all drive Debian's Chromium, as root in a container and without a GPU.

/** No sandbox (root in a container), no GPU, and none of Chromium's own background traffic (updates, sync) in the way of timings and requests. */
export const QUIET_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
