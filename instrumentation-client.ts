import { setNonce } from 'get-nonce';

// Radix Dialog's scroll lock (react-remove-scroll-bar) adds a <style> element when a dialog opens,
// with get-nonce's nonce; the CSP refuses <style> without it. Next's scripts carry this page's
// nonce (the property: browsers hide the attribute). Runs once, before the app hydrates.
setNonce(document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '');
