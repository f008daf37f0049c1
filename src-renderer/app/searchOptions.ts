// What the one search box offers for a text: the cached customers it matches and, when the text is a
// whole record id that no cached customer has, the card with that id (the card page looks it up).
import type { Customer } from '../../src-shared/api/records';

export type SearchOption = { kind: 'customer'; id: string; customer: Customer } | { kind: 'card'; id: string };

/** A whole id as typed or pasted, in any case and with stray spaces; null when the text is not one. */
export function wholeIdOf(text: string): string | null {
  const id = text.trim().toLowerCase();
  return /^[0-9a-f]{24}$/.test(id) ? id : null;
}

export function searchOptions(text: string, customers: readonly Customer[]): SearchOption[] {
  const options: SearchOption[] = customers.map((c) => ({ kind: 'customer', id: c._id, customer: c }));
  const id = wholeIdOf(text);
  if (id && !customers.some((c) => c._id === id)) options.unshift({ kind: 'card', id });
  return options;
}
