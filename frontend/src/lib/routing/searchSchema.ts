// A list screen's search state as the router reads it from the URL (docs/product/shell.md: a
// list's query parameters are its search state). Each parameter is read on its own and never
// fails: an absent, outdated or hand-edited value gives the parameter's fallback, so any link still
// opens the screen. Unknown parameters are dropped.
//
// Written here rather than with zod: every route's search schema is in the entry chunk that the
// sign-in screen loads first, and even zod's small build put some 40 kB gzip of zod's core there
// (docs/benchmarks.md, "The first load"). Forms, loaded with their screens, keep zod.

/** Reads one parameter from what the router parsed (a string, number, boolean, array or object). */
export type Param<T> = (raw: unknown) => T;

type Output<P> = P extends Param<infer T> ? T : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The search a shape of parameters gives: a parameter that may be unset is an optional key. */
export type SearchOf<Shape> = Simplify<
  { -readonly [K in keyof Shape as undefined extends Output<Shape[K]> ? never : K]: Output<Shape[K]> } & {
    -readonly [K in keyof Shape as undefined extends Output<Shape[K]> ? K : never]?: Output<Shape[K]>;
  }
>;

/** What a link may pass: any of the parameters, each as the screen reads it. */
export type SearchInputOf<Shape> = Partial<SearchOf<Shape>>;

/**
 * The router's validator (TanStack's validator-adapter shape): `parse` reads the URL's values;
 * `types` tells TypeScript what links pass and what the screen gets, and holds nothing at run time.
 */
export interface SearchSchema<Shape> {
  readonly types: { input: SearchInputOf<Shape>; output: SearchOf<Shape> };
  parse: (raw: unknown) => SearchOf<Shape>;
}

/** The search of a screen, one parameter per key. */
export function searchSchema<const Shape extends Record<string, Param<unknown>>>(shape: Shape): SearchSchema<Shape> {
  return {
    types: undefined as unknown as SearchSchema<Shape>['types'],
    parse: (raw) => {
      const values = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
      const search: Record<string, unknown> = {};
      // Every key is set, an unset one to undefined: the router lays the result over the URL's raw
      // values (Object.assign), so a key left out would keep the unreadable value.
      for (const [key, read] of Object.entries(shape)) search[key] = read(values[key]);
      return search as SearchOf<Shape>;
    },
  };
}

/** The screen's search type of a schema. */
export type SearchOutput<S> = S extends SearchSchema<infer Shape> ? SearchOf<Shape> : never;
