import { describe, expect, it } from 'vitest';
import { escapeControls } from './terminal-text';

// The second review's terminal finding (docs/security.md): what a buyer typed must reach the
// operator's terminal as text, never as commands.
describe('escapeControls', () => {
  it('writes C0 and C1 controls, DEL and bidi overrides/isolates as \\u escapes', () => {
    const attack =
      '\u001b]0;pwned\u0007\u001b[2J\u001b[32mAll orders refunded OK\u001b[0m\r\n\u009b31m\u007f\u202Eevil\u2066x\u2069';
    const shown = escapeControls(attack);
    expect(shown).toBe(
      '\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[32mAll orders refunded OK\\u001b[0m\\u000d\\u000a\\u009b31m\\u007f\\u202eevil\\u2066x\\u2069',
    );
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('keeps newlines only when asked (a table’s own lines), and leaves letters of every script alone', () => {
    expect(escapeControls('a\nb\u001b', { keepNewlines: true })).toBe('a\nb\\u001b');
    for (const text of [
      'Léa Martin',
      'محمد الأمين',
      '山田 太郎',
      'Ольга',
      'सौमित्र',
      'ana@exämple.net',
      'Zoë O’Brien',
      'a\\u001b',
    ])
      expect(escapeControls(text)).toBe(text);
  });
});
