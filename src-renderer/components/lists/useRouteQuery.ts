// A page's filters and paging live in the hash query (`#/accounts?currency=NGN&page=2`), so a view can be
// linked to (the Overview opens the authorizations of a day) and survives a reload.
import { useCallback, useMemo } from 'react';
import { hrefOf, type Route } from '../../lib/routes';

export type QueryValues = Record<string, string>;

/** The values as read, for pages whose every value is usable. One function, so `values` stays memoized. */
function asRead<V>(raw: V): V {
  return raw;
}

/**
 * The page's query values: each key of `defaults` read from the route, then checked by `clean` (which
 * replaces anything unusable, such as a hand-edited `limit=7`). The setter merges a patch and drops
 * values equal to their default, so plain views keep plain URLs.
 */
export function useRouteQuery<V extends QueryValues>(
  route: Route,
  defaults: V,
  clean: (raw: V) => V = asRead,
): [V, (patch: Partial<V>) => void] {
  const search = route.query.toString();
  const values = useMemo(() => {
    const raw = { ...defaults };
    const query = new URLSearchParams(search);
    for (const key of Object.keys(defaults) as (keyof V & string)[]) {
      const given = query.get(key);
      if (given !== null) raw[key] = given as V[typeof key];
    }
    return clean(raw);
    // Pages pass `defaults` and `clean` that keep their identity (module constants, state, useCallback).
  }, [search, defaults, clean]);

  const base = hrefOf(route.page, ...route.params);
  const set = useCallback(
    (patch: Partial<V>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(patch) as [string, string | undefined][]) {
        if (value === undefined || value === defaults[key]) next.delete(key);
        else next.set(key, value);
      }
      const qs = next.toString();
      // Replace, not push: paging through a list should not fill the history.
      window.location.replace(`${base}${qs ? `?${qs}` : ''}`);
    },
    [search, base, defaults],
  );
  return [values, set];
}

/** A whole number from the query, or `fallback` when it is not one or falls outside [min, max]. */
export function wholeNumber(raw: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= min && n <= max ? n : fallback;
}

/** `raw` when it is one of `allowed`, else `fallback`. */
export function oneOf<T extends string>(raw: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(raw) ? (raw as T) : fallback;
}
