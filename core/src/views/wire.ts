import type { Cents } from '../money/cents.js';

/**
 * What JSON makes of a view on the way to a browser: branded cents are plain numbers, dates are
 * ISO-8601 strings, the rest keeps its shape, its optional fields and its readonly marks. The
 * frontends read the API's answers as `Wire<View>` (@escrow/api-client), so a view that changes
 * changes their types, and the view schemas (view-schemas/) are held to it.
 */
export type Wire<T> = T extends Cents
  ? number
  : T extends Date
    ? string
    : T extends string | number | boolean | bigint | symbol | null | undefined
      ? T
      : T extends readonly unknown[]
        ? { [K in keyof T]: Wire<T[K]> }
        : T extends object
          ? { [K in keyof T]: Wire<T[K]> }
          : T;
