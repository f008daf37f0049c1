// The time now, for relative times ("5 minutes ago") that must stay true while nothing else re-renders.
import { useEffect, useState } from 'react';

/** Re-renders every `ms` so relative times ("5 minutes ago") stay true. */
export function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}
