// How a background job's wait for the rate limit reads, and a clock that ticks while it lasts.
import { useEffect, useState } from 'react';

/** "Waiting for the rate limit · resumes in 14 s". */
export function rateWaitText(waitingUntil: number, now: number): string {
  const s = Math.max(1, Math.ceil((waitingUntil - now) / 1000));
  const when = s < 90 ? `${s} s` : `${Math.round(s / 60)} min`;
  return `Waiting for the rate limit · resumes in ${when}`;
}

/** The time, re-read every second while `active` (so a countdown stays true). */
export function useTickingNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = window.setTimeout(tick, 0); // the time when the wait began, not when the page mounted
    const timer = window.setInterval(tick, 1_000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [active]);
  return now;
}
