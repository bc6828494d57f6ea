import { parseId } from '@/lib/ids';

/**
 * `params` option for routes whose path parameters are ids. A value that is not digits makes
 * the route not match at all, so /organization/abc shows "not found" instead of a broken screen.
 */
export function numericParams<const Name extends string>(...names: Name[]) {
  return {
    parse: (raw: Record<Name, string>): Record<Name, number> | false => {
      const parsed: Partial<Record<Name, number>> = {};
      for (const name of names) {
        const id = parseId(raw[name]);
        if (id === null) return false;
        parsed[name] = id;
      }
      return parsed as Record<Name, number>;
    },
    stringify: (params: Record<Name, number>): Record<Name, string> => {
      const raw: Partial<Record<Name, string>> = {};
      for (const name of names) raw[name] = String(params[name]);
      return raw as Record<Name, string>;
    },
  };
}

type Optional<Name extends string, T> = { [K in Name]?: T | undefined };

/** Like `numericParams` for one optional parameter (`{-$name}` in the file name). */
export function optionalNumericParam<const Name extends string>(name: Name) {
  return {
    parse: (raw: Optional<Name, string>): Optional<Name, number> | false => {
      const text = raw[name];
      if (text === undefined) return {};
      const id = parseId(text);
      return id === null ? false : ({ [name]: id } as Optional<Name, number>);
    },
    stringify: (params: Optional<Name, number>): Optional<Name, string> => {
      const id = params[name];
      return id === undefined ? {} : ({ [name]: String(id) } as Optional<Name, string>);
    },
  };
}
