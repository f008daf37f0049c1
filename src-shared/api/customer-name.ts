// How a customer is named wherever Card Desk shows one: the display name, else first and last name.

export function customerDisplayName(
  c: { name?: string; individual?: { firstName?: string; lastName?: string } } | null | undefined,
): string | undefined {
  if (!c) return undefined;
  if (c.name) return c.name;
  const parts = [c.individual?.firstName, c.individual?.lastName].filter((p): p is string => !!p);
  return parts.length ? parts.join(' ') : undefined;
}
