import { describe, expect, it } from 'vitest';
import { LANGUAGE_CHOICE_PATH } from '@/lib/i18n/language-choice';
import robots from './robots';

describe('robots.txt', () => {
  it('keeps crawlers off the language menu’s handler: they find the languages through hreflang', () => {
    const rules = [robots().rules].flat();
    const disallowed = rules.flatMap((rule) => [rule.disallow ?? []].flat());
    expect(disallowed.some((prefix) => `${LANGUAGE_CHOICE_PATH}?to=fr`.startsWith(prefix))).toBe(true);
  });
});
