// Typed state kept in the address (?q=&region=&sort=-name&page=2): a page declares each parameter
// once — how to read it, its default — and gets typed values and a setter back. Defaults are left
// out of the address, values a page does not offer fall back to the default (an odd or old link
// still opens the page), and changing a filter starts again at the first page.
import { useCallback, useMemo } from "react";
import { useSearchParams } from "../routing/routing.tsx";

export type SearchParam<T> = {
  read: (raw: string | null) => T;
  /** the text written to the address; null leaves the parameter out (its default) */
  write: (value: T) => string | null;
};

export const searchParam = {
  /** free text, cut to `max` characters; empty is the default */
  text(max = 200): SearchParam<string> {
    return {
      read: (raw) => (raw ?? "").slice(0, max),
      write: (value) => (value === "" ? null : value.slice(0, max)),
    };
  },
  /** one of a fixed list; anything else reads as the fallback, which is never written */
  oneOf<const T extends string>(values: readonly T[], fallback: T): SearchParam<T> {
    return {
      read: (raw) => ((values as readonly string[]).includes(raw ?? "") ? (raw as T) : fallback),
      write: (value) => (value === fallback ? null : value),
    };
  },
  /** an id or other token from a list the page loads later: kept as text, "" when absent */
  id(max = 40): SearchParam<string> {
    return {
      read: (raw) => (raw && raw.length <= max ? raw : ""),
      write: (value) => (value === "" ? null : value),
    };
  },
  /** on when the parameter holds `token` ("archived=all"), off when absent */
  flag(token = "1"): SearchParam<boolean> {
    return {
      read: (raw) => raw === token,
      write: (value) => (value ? token : null),
    };
  },
  /** a page number from 1; page 1 is the default */
  page(): SearchParam<number> {
    return {
      read: (raw) => {
        const page = Number(raw);
        return Number.isInteger(page) && page >= 1 && page <= 99_999 ? page : 1;
      },
      write: (value) => (value <= 1 ? null : String(value)),
    };
  },
};

type Spec = Record<
  string,
  { read: (raw: string | null) => unknown; write: (value: never) => string | null }
>;
export type SearchValues<S extends Spec> = { [K in keyof S]: ReturnType<S[K]["read"]> };

export function readSearchState<S extends Spec>(spec: S, params: URLSearchParams): SearchValues<S> {
  const values: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(spec)) values[name] = param.read(params.get(name));
  return values as SearchValues<S>;
}

type Options = {
  /** the parameter that counts pages: every other change removes it */
  pageParam?: string;
};

export function useSearchState<S extends Spec>(spec: S, { pageParam = "page" }: Options = {}) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readSearchState(spec, params), [spec, params]);
  const set = useCallback(
    <K extends keyof S & string>(
      name: K,
      value: SearchValues<S>[K],
      { replace = false }: { replace?: boolean } = {},
    ) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const param = spec[name] as SearchParam<SearchValues<S>[K]>;
          const written = param.write(value);
          if (written === null) next.delete(name);
          else next.set(name, written);
          if (name !== pageParam) next.delete(pageParam);
          return next;
        },
        { replace },
      ),
    [spec, setParams, pageParam],
  );
  return { values, set };
}
