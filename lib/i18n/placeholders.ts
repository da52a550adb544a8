/**
 * A message's `{key}` placeholders filled with values taken literally. String.replace with a string
 * reads `$&`, `$'`, `` $` `` and `$$` in the value as patterns (an email address may hold them), and
 * filling one placeholder after another fills a `{order}` that a buyer typed into their email: here the
 * template is cut at its placeholders once and each value goes in as it is. A placeholder with no value
 * stays as written. `wrap` and `plain` let a caller escape or mark up the values and the template's own
 * text separately.
 */
export function fillPlaceholders(
  template: string,
  values: Readonly<Record<string, string>>,
  wrap: (key: string, value: string) => string = (_, value) => value,
  plain: (text: string) => string = (text) => text,
): string {
  return template
    .split(/(\{[A-Za-z]+\})/)
    .map((part, i) => {
      const key = part.slice(1, -1);
      // Odd parts are the placeholders the split kept.
      return i % 2 === 1 && Object.hasOwn(values, key) ? wrap(key, values[key]!) : plain(part);
    })
    .join('');
}
