/**
 * The card number field's input rules: digits only, at most 19. Kept apart from the zod schema so the
 * purchase form can filter keystrokes without loading the validator.
 */
export const CARD_MAX_LENGTH = 19;

/** Card field keys that get through: digits, Backspace, Tab, ← and →. */
export function isAllowedCardKey(key: string): boolean {
  return /^\d$/.test(key) || ['Backspace', 'Tab', 'ArrowLeft', 'ArrowRight'].includes(key);
}

/** Pasted or typed text, filtered the same way: digits only, at most 19. */
export function filterCardInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, CARD_MAX_LENGTH);
}
