import { site } from '@/lib/site';

/** Editorial text writes `{brand}` and `{email}`; they become the site config's values here. */
export function fillTokens(text: string): string {
  return text.replaceAll('{brand}', site.brand).replaceAll('{email}', site.supportEmail);
}

/** fillTokens applied to every string inside a JSON-like value. */
export function fillTokensDeep<T>(value: T): T {
  if (typeof value === 'string') return fillTokens(value) as T;
  if (Array.isArray(value)) return value.map((item) => fillTokensDeep(item)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillTokensDeep(item)])) as T;
  }
  return value;
}
