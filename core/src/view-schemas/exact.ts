import type { z } from 'zod';
import type { Wire } from '../views/wire.js';

/** A type without its readonly marks, all the way down (zod's output has none; the views have many). */
type Plain<T> = T extends readonly unknown[] ? Plain<T[number]>[] : T extends object ? { -readonly [K in keyof T]: Plain<T[K]> } : T;

/** The same type, not merely assignable: a field too many, missing, optional or nullable on one side only differs. */
type Same<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;

/** Whether what `schema` accepts is exactly the view `V` as JSON makes it. */
export type SchemaOfView<S extends z.ZodType, V> = Same<Plain<z.output<S>>, Plain<Wire<V>>>;

/**
 * A schema held to its view at compile time: `viewSchema<AdminOrderView>()(z.strictObject({...}))`
 * does not compile unless the schema's output is exactly Wire<AdminOrderView> (readonly aside),
 * so a view that gains, loses or changes a field breaks the build until its schema follows.
 * On a mismatch tsc says "An argument for 'schemaDiffersFromView' was not provided": that
 * parameter's type holds both sides (`schema`, `view`) to compare.
 */
export function viewSchema<V>() {
  return <S extends z.ZodType>(schema: S, ..._exactly: SchemaOfView<S, V> extends true ? [] : [schemaDiffersFromView: { schema: Plain<z.output<S>>; view: Plain<Wire<V>> }]) => schema;
}
