// How a day is written everywhere, in main's messages as on the pages: `28 Nov 2026`.
import { format, isValid, parseISO } from 'date-fns';

/** `28 Nov 2026` for a timestamp or a day (ISO), in local time; the text as it came when it is not a date. */
export function dayText(iso: string): string {
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'd MMM yyyy') : iso;
}

/** `28 Nov 2026, 14:05 GMT+1` for a timestamp (ISO), in local time with its zone, as the pages write it. */
export function dateTimeText(iso: string): string {
  const d = parseISO(iso);
  return isValid(d) ? format(d, 'd MMM yyyy, HH:mm O') : iso;
}
