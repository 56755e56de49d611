/**
 * A translation of a nested table of texts: the same keys, each text in another language.
 * TypeScript then refuses a translation that misses a text or has one too many.
 */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** A nested table of texts as flat message ids: `{ buyer: { payNow: 'Pay' } }` -> `{ 'catalogue.buyer.payNow': 'Pay' }`. */
export function flattenTexts(table: object, prefix: string): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(table)) {
    const id = `${prefix}.${key}`;
    if (typeof value === 'string') flat[id] = value;
    else if (typeof value === 'object' && value !== null) Object.assign(flat, flattenTexts(value as object, id));
  }
  return flat;
}
