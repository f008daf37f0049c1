// How a customer is named wherever Card Desk shows one: the display name, else first and last name.

export function customerDisplayName(
  c: { name?: string; individual?: { firstName?: string; lastName?: string } } | null | undefined,
): string | undefined {
  if (!c) return undefined;
  if (c.name) return c.name;
  const parts = [c.individual?.firstName, c.individual?.lastName].filter((p): p is string => !!p);
  return parts.length ? parts.join(' ') : undefined;
}

/** The name a list shows: the display name, else first, other and last names, else the id. */
export function customerListName(c: {
  _id: string;
  name?: string;
  individual?: { firstName?: string; otherNames?: string; lastName?: string };
}): string {
  if (c.name) return c.name;
  const i = c.individual;
  const parts = [i?.firstName, i?.otherNames, i?.lastName].filter((s): s is string => !!s);
  return parts.length ? parts.join(' ') : c._id;
}

const wordsOf = (s: string | undefined): string[] =>
  (s ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Why a search found this customer when the name on screen does not say: a word typed that starts one of
 * the customer's other (middle) names, which the shown name lacks. Returns those other names as written,
 * or undefined when the shown name already explains the match.
 */
export function otherNamesMatched(
  c: {
    _id: string;
    name?: string;
    individual?: { firstName?: string; otherNames?: string; lastName?: string };
  },
  query: string,
): string | undefined {
  const other = c.individual?.otherNames?.trim();
  if (!other) return undefined;
  const shown = new Set(wordsOf(customerListName(c)));
  const hidden = wordsOf(other).filter((w) => !shown.has(w));
  const typed = wordsOf(query);
  const explained = typed.every((t) => [...shown].some((w) => w.startsWith(t)));
  if (explained) return undefined;
  return typed.some((t) => hidden.some((w) => w.startsWith(t))) ? other : undefined;
}
