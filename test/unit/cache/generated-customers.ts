// Customers made up for the cache's SQLite tests: a few chosen people plus filler in a fixed pattern.
import type { Customer } from '../../../src-shared/api/records';

export function customer(
  index: number,
  fields: { first: string; last: string; other?: string; email?: string; phone?: string },
): Customer {
  const id = `5e${index.toString(16).padStart(22, '0')}`;
  return {
    _id: id,
    business: 'b'.repeat(24),
    type: 'individual',
    name: `${fields.first} ${fields.last}`,
    status: 'active',
    isApproved: true,
    phoneNumber: fields.phone ?? `+23481${String(index).padStart(8, '0')}`,
    emailAddress: fields.email ?? `${fields.first}.${fields.last}${index}@example.ng`.toLowerCase(),
    individual: { firstName: fields.first, lastName: fields.last, otherNames: fields.other ?? '', dob: '1990/01/01' },
    billingAddress: { line1: '1 Marina', city: 'Lagos', state: 'Lagos', country: 'NG' },
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    __v: 0,
  };
}

const FIRST = ['Ada', 'Bola', 'Chidi', 'Dayo', 'Emeka', 'Funke', 'Gbenga', 'Halima'];
const LAST = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Nwosu', 'Ibrahim', 'Lawal', 'Musa'];

/** `count` filler customers, index `from` on, with names from short fixed lists. */
export function fillerCustomers(from: number, count: number): Customer[] {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return customer(i, { first: FIRST[i % FIRST.length]!, last: LAST[Math.floor(i / FIRST.length) % LAST.length]! });
  });
}

/** Splits customers into pages of `size`. */
export function pages<T>(items: T[], size = 100): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
