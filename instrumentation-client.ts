// Radix Dialog's scroll lock (react-remove-scroll-bar) adds a <style> element when a dialog opens,
// with get-nonce's nonce; the CSP refuses <style> without it. get-nonce falls back to the global
// `__webpack_nonce__` (its documented hook), so setting that keeps get-nonce itself off every page's
// first scripts. Next's scripts carry this page's nonce (the property: browsers hide the attribute).
// Runs once, before the app hydrates.
(globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ =
  document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
