// A list's filter box: what is typed reaches the route query once typing settles, so each keystroke does not
// start a new search or add to the URL.
import { useEffect } from 'react';
import { useLatest } from '../../lib/useLatest';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * Writes `typed` with `write` once it has stopped changing for `ms`, unless it already equals `current` (the
 * value in the route). Only a settled change writes: a route changed elsewhere is not overwritten.
 */
export function useSettledFilter(typed: string, current: string, write: (settled: string) => void, ms: number): void {
  const settled = useDebouncedValue(typed, ms);
  const latest = useLatest({ current, write });
  useEffect(() => {
    if (settled !== latest.current.current) latest.current.write(settled);
  }, [settled, latest]);
}
