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

const counted = (n: number, one: string, many: string, more = false) =>
  `${n.toLocaleString('en')}${more ? '+' : ''} ${n === 1 && !more ? one : many}`;

/**
 * What the list holds, counted as it shows: "3 customers", "2 customers and 1 card", "120+ customers, the
 * first 8 shown". The count beside the results is never smaller than the results.
 */
export function foundText(total: number, capped: boolean, options: readonly SearchOption[]): string {
  const customers = options.filter((o) => o.kind === 'customer').length;
  const cards = options.length - customers;
  const all = Math.max(total, customers);
  const parts = [
    ...(all > 0 || cards === 0 ? [counted(all, 'customer', 'customers', capped)] : []),
    ...(cards > 0 ? [counted(cards, 'card', 'cards')] : []),
  ];
  const found = parts.join(' and ');
  return all > customers ? `${found}, the first ${customers} shown` : found;
}
