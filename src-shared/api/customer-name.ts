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
