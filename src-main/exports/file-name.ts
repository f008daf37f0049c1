import { format } from 'date-fns';
import type { ExportSourceName } from './sources';

/** `card-desk-authorizations-2026-11-22.csv`: the list's name in kebab case and the local date. */
export function suggestedFileName(source: ExportSourceName, now: Date): string {
  const kebab = source.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return `card-desk-${kebab}-${format(now, 'yyyy-MM-dd')}.csv`;
}
