/**
 * The shape every language's catalogue must have: the zh-HK catalogue's keys, each string
 * widened to any string and each message function with the same parameters. An English
 * catalogue typed `Catalogue<typeof casesZhHK>` fails to compile when it misses a key or words a
 * message with other parameters; `catalogue-parity.test.ts` also checks that both use the same
 * placeholders (a function may not drop one of its arguments from the sentence).
 */
export type Catalogue<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Catalogue<R>
    : T extends readonly (infer U)[]
      ? readonly Catalogue<U>[]
      : T extends object
        ? { readonly [K in keyof T]: Catalogue<T[K]> }
        : T;
