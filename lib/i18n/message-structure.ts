import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * Helpers for checking message catalogues: flattening nested JSON into dotted keys
 * and listing the ICU arguments each message uses. Used by the completeness test.
 */
export type Catalogue = { [key: string]: string | Catalogue };

export function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function collectArguments(elements: MessageFormatElement[], into: Set<string>) {
  for (const element of elements) {
    switch (element.type) {
      case TYPE.argument:
      case TYPE.number:
      case TYPE.date:
      case TYPE.time:
        into.add(element.value);
        break;
      case TYPE.plural:
      case TYPE.select:
        into.add(element.value);
        for (const option of Object.values(element.options)) collectArguments(option.value, into);
        break;
      case TYPE.tag:
        into.add(`<${element.value}>`);
        collectArguments(element.children, into);
        break;
      default:
        break;
    }
  }
}

/** The sorted argument names (and rich-text tags) of an ICU message; throws if it does not parse. */
export function icuArguments(message: string): string[] {
  const names = new Set<string>();
  collectArguments(parse(message), names);
  return [...names].sort();
}
