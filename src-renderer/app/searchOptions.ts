// What the one search box offers for a text: the cached customers it matches, the known cards it matches
// and, when the text is a whole record id that neither has, the card with that id (the card page looks
// it up at the service).
import type { Card, Customer } from '../../src-shared/api/records';

export type SearchOption =
  { kind: 'customer'; id: string; customer: Customer } | { kind: 'card'; id: string; card: Card | null };

/** A whole id as typed or pasted, in any case and with stray spaces; null when the text is not one. */
export function wholeIdOf(text: string): string | null {
  const id = text.trim().toLowerCase();
  return /^[0-9a-f]{24}$/.test(id) ? id : null;
}

export function searchOptions(
  text: string,
  customers: readonly Customer[],
  cards: readonly Card[] = [],
): SearchOption[] {
  const options: SearchOption[] = [
    ...customers.map((c): SearchOption => ({ kind: 'customer', id: c._id, customer: c })),
    ...cards.map((c): SearchOption => ({ kind: 'card', id: c._id, card: c })),
  ];
  const id = wholeIdOf(text);
  if (id && !options.some((o) => o.id === id)) options.unshift({ kind: 'card', id, card: null });
  return options;
}
