/**
 * Text someone else typed, shown where control characters act (docs/security.md): a buyer's order
 * on an operator's terminal (`npm run shop`, second review), a request's text in the server's log
 * (lib/security/log-error.ts, third review). C0 and C1 controls, DEL and the bidi embeddings, overrides and
 * isolates are written as `\u001b`-style escapes, so none can retitle the window, clear the screen,
 * colour a fake line or reorder what is shown. Letters and marks of every script pass as they are.
 * `\uXXXX` is also a JSON escape, so `--json` output stays the same JSON.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// The same but for \n, for text whose line breaks are our own layout (a table).
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function escapeControls(text: string, { keepNewlines = false } = {}): string {
  return text.replace(
    keepNewlines ? UNSAFE_BUT_NEWLINE : UNSAFE,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
