/** Types for chromium-flags.mjs (the repository compiles TypeScript only). */
export const QUIET_CHROMIUM_FLAGS: string[];
