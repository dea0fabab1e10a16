import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Filters, tabs and sort of a staff screen live in the URL: they survive a reload, a link and the
 * back button. A screen declares its parameters once (name → parser with its default) and reads
 * typed values; a text that is missing or not allowed gives the default, never an error.
 */
export type UrlParam<T> = (raw: string | null) => T;

export const urlParam = {
  /** Free text as typed ('' when absent). */
  text: (): UrlParam<string> => (raw) => raw ?? '',
  /** One of a fixed list (a status, a sort), else the fallback. */
  oneOf:
    <T extends string>(list: readonly T[], fallback: T): UrlParam<T> =>
    (raw) =>
      raw !== null && (list as readonly string[]).includes(raw) ? (raw as T) : fallback,
  /** A positive id, else undefined. */
  id: (): UrlParam<number | undefined> => (raw) => {
    if (!raw || !/^\d+$/.test(raw)) return undefined;
    const n = Number(raw);
    return n > 0 && Number.isSafeInteger(n) ? n : undefined;
  },
  /** `true` switches it on; anything else is off. */
  flag: (): UrlParam<boolean> => (raw) => raw === 'true',
};

export type UrlFilterSchema = Record<string, UrlParam<unknown>>;
export type UrlFilterValues<S extends UrlFilterSchema> = { [K in keyof S]: ReturnType<S[K]> };

/** `schema` must be a module constant (its identity keys the parsed values). */
/** The query of the address right now (in the browser), else React Router's. */
const currentSearch = (prev: URLSearchParams): URLSearchParams =>
  typeof window === 'undefined' ? prev : new URLSearchParams(window.location.search);

export function useUrlFilters<S extends UrlFilterSchema>(schema: S) {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const values = useMemo(() => {
    const read = new URLSearchParams(search);
    const out = {} as Record<string, unknown>;
    for (const [name, parse] of Object.entries(schema)) out[name] = parse(read.get(name));
    return out as UrlFilterValues<S>;
  }, [schema, search]);

  /**
   * Sets (or, with null or '', removes) one parameter; the others stay. Replaces the history entry.
   * Built on the address as it is now, not on React Router's `prev` (the parameters of the last render):
   * two clicks quicker than a render (a filter, then a tab) must both stay.
   */
  const setParam = useCallback(
    (name: keyof S & string, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(currentSearch(prev));
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  /** Removes the given parameters (a "reset filters" button), the others (tab, open item) stay. */
  const reset = useCallback(
    (names: readonly (keyof S & string)[]) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(currentSearch(prev));
          for (const name of names) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { values, setParam, reset };
}

