import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * The CLDR plural categories a plural message misses in its locale. `=0`-style exact matches do
 * not count: 1,000,000 needs Spanish's `many` ("1.000.000 de descargas") whatever `=0` says.
 */
export function missingPluralCategories(message: string, locale: string): string[] {
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const missing = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.plural) {
        // Ordinal plurals ({n, selectordinal, …}) have categories of their own.
        const needed =
          element.pluralType === 'ordinal'
            ? new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions().pluralCategories
            : categories;
        for (const category of needed) if (!(category in element.options)) missing.add(category);
      }
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) visit(option.value);
      if (element.type === TYPE.tag) visit(element.children);
    }
  };
  visit(parse(message));
  return [...missing];
}
