// Packages that ship no types of their own.
declare module 'wawoff2' {
  /** WOFF2 → TrueType/OpenType bytes. */
  export function decompress(woff2: Uint8Array): Promise<Uint8Array>;
  const wawoff: { decompress: typeof decompress };
  export default wawoff;
}
declare module 'regenerator-runtime/runtime.js';
