import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (typing settles before the search runs); 0 passes it straight on. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return ms <= 0 ? value : settled;
}
