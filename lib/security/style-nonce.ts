// Radix Dialog's scroll lock (react-remove-scroll-bar) adds a <style> element when a dialog opens,
// with get-nonce's nonce; the CSP refuses <style> without it. get-nonce falls back to the global
// `__webpack_nonce__` (its documented hook), set here from this page's scripts (the property:
// browsers hide the attribute). Imported for its effect by each island with a dialog, so that only
// they carry it, not every page's first scripts (as instrumentation-client.ts would).
if (typeof document !== 'undefined') {
  const scope = globalThis as { __webpack_nonce__?: string };
  scope.__webpack_nonce__ ??= document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}
