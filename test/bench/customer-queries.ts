// What staff type to find customers, as the cache and team benchmarks search for them.
import type { Customer } from '../../src-shared/api/records';

/** What staff type to find these customers: names as they type them, emails, phones in several forms, ids. */
export function queriesFor(customers: Customer[]): string[] {
  const out: string[] = [];
  for (const c of customers) {
    const first = c.individual?.firstName ?? '';
    const last = c.individual?.lastName ?? '';
    const nsn = (c.phoneNumber ?? '').replace(/^\+234/, '');
    out.push(
      first.slice(0, 1),
      first.slice(0, 2),
      first.slice(0, 3),
      first,
      `${first} ${last.slice(0, 3)}`,
      `${first} ${last}`,
      last.slice(0, 4),
      (c.emailAddress ?? '').slice(0, 8),
      c.emailAddress ?? '',
      `0${nsn.slice(0, 3)} ${nsn.slice(3, 6)} ${nsn.slice(6)}`,
      `+234${nsn.slice(0, 5)}`,
      c._id.slice(0, 8),
    );
  }
  return out.filter((q) => q.trim());
}
