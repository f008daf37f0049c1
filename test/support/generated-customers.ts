// Customers made up for the cache's SQLite tests: a few chosen people plus filler in a fixed pattern, and
// a cache file holding them as a completed sync leaves it.
import type { Customer } from '../../src-shared/api/records';
import { CustomerStore } from '../../src-main/cache/store/customer-store';
import { openWriter } from '../../src-main/cache/store/database';
import { customerRow } from '../../src-main/cache/search/search-fields';
import { testSeal } from './cache-keys';

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

/** Writes `customers` into a new cache file at `file`, page by page, as one completed sync. */
export function syncedCacheFile(file: string, customers: Customer[]): void {
  const { db } = openWriter(file, testSeal);
  try {
    const store = new CustomerStore(db, testSeal);
    let generation: number | null = null;
    pages(customers).forEach((page, n) => {
      generation = store.writePages([
        { generation, page: n, totalPages: null, rows: page.map(customerRow) },
      ]).generation;
    });
    store.finishGeneration(generation!, new Date().toISOString());
  } finally {
    db.close();
  }
}
