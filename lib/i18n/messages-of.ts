/**
 * `{ name: t('name'), email: t('email'), … }`: the labels a client component takes, where each label is
 * the message of the same key in the caller's namespace.
 */
export function messagesOf<const K extends string>(t: (key: K) => string, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<K, string>;
}
