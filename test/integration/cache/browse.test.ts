// The whole customer list, page by page, sorted and filtered: customers synced from the real sandbox over
// HTTP into a real SQLite file, asked for through the IPC dispatcher (sender check, contract validation,
// handler), and checked against an independent sort of the service's own list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { customerBrowseResultSchema, type CustomerBrowseInput } from '../../../src-shared/ipc/channels/customers';
import type { Result } from '../../../src-shared/ipc/result';
import { customerHandlers } from '../../../src-main/cache/handlers';
import type { CustomerCacheService } from '../../../src-main/cache/service';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher, type Dispatch } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';
import { syncedCacheOnSandbox } from './cache-fixture';

/** Only the cache is read here, never the service's own customer list (customers.list). */
const noServiceReads = async (): Promise<never> => {
  throw new Error('customers.list is not read here');
};

const COUNT = 1_234;
const SENDER = { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true };
let cache: CustomerCacheService;
let everyone: Customer[];
let dispatch: Dispatch;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ cache, everyone, close } = await syncedCacheOnSandbox({ customers: COUNT, seed: 23 }));
  dispatch = createDispatcher({
    handlers: customerHandlers({ getCache: async () => cache, getActive: noServiceReads }) as unknown as HandlerTable,
    allowedOrigins: [APP_ORIGIN],
    cancels: new CancelRegistry(),
  });
});
afterAll(async () => {
  await close?.();
});

type Page = { results: Customer[]; total: number; offset: number };
async function browse(input: CustomerBrowseInput): Promise<Page> {
  const r = (await dispatch('customers.browse', SENDER, input)) as Result<Page>;
  if (!r.ok) throw new Error(r.error.message);
  expect(customerBrowseResultSchema.safeParse(r.data).success).toBe(true);
  return r.data;
}
/** Every page of a listing, as the list would fetch them. */
async function wholeList(input: CustomerBrowseInput, pageSize: number): Promise<Page & { pages: number }> {
  const results: Customer[] = [];
  let total = -1;
  let pages = 0;
  for (let offset = 0; total < 0 || offset < total; offset += pageSize) {
    const page = await browse({ ...input, offset, limit: pageSize });
    expect(page.offset).toBe(offset);
    total = page.total;
    results.push(...page.results);
    pages++;
  }
  return { results, total, offset: 0, pages };
}

// The independent reading: the service's order breaks ties; names compare as typed, case aside.
const position = new Map<string, number>();
const ids = (cs: Customer[]) => cs.map((c) => c._id);
const nameKey = (c: Customer) =>
  [
    ...new Set(
      [c.name, c.individual?.firstName, c.individual?.lastName, c.individual?.otherNames].join(' ').split(/\s+/),
    ),
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
const kycRank = (c: Customer) => (c.isApproved === false ? 0 : c.isApproved === true ? 1 : 2);
const byThen =
  (...keys: ((c: Customer) => string | number)[]) =>
  (a: Customer, b: Customer) => {
    for (const key of [...keys, (c: Customer) => position.get(c._id)!]) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

describe('customers.browse (synced from the sandbox)', () => {
  beforeAll(() => everyone.forEach((c, i) => position.set(c._id, i)));

  it('pages over every cached customer, A to Z by name, each customer whole', async () => {
    const list = await wholeList({ sort: 'name' }, 200);
    expect(list.total).toBe(COUNT);
    expect(list.pages).toBe(Math.ceil(COUNT / 200));
    expect(ids(list.results)).toEqual(ids([...everyone].sort(byThen(nameKey))));
    // Every field the service gave, as it gave it.
    const byId = new Map(everyone.map((c) => [c._id, c]));
    for (const c of list.results) expect(c).toEqual(byId.get(c._id));
  });

  it('sorts by date either way, and Z to A', async () => {
    const created = (c: Customer) => Date.parse(c.createdAt!);
    const newest = await browse({ sort: 'createdAt', direction: 'desc', limit: 100 });
    expect(ids(newest.results)).toEqual(ids([...everyone].sort(byThen(created)).reverse().slice(0, 100)));
    const oldest = await browse({ sort: 'createdAt', offset: 300, limit: 40 });
    expect(ids(oldest.results)).toEqual(ids([...everyone].sort(byThen(created)).slice(300, 340)));
    const zToA = await browse({ sort: 'name', direction: 'desc', offset: 10, limit: 25 });
    expect(ids(zToA.results)).toEqual(ids([...everyone].sort(byThen(nameKey)).reverse().slice(10, 35)));
  });

  it('sorts by KYC status (not approved first) and filters by it', async () => {
    const byKyc = await wholeList({ sort: 'kyc' }, 150);
    expect(ids(byKyc.results)).toEqual(ids([...everyone].sort(byThen(kycRank, nameKey))));
    const notApproved = everyone.filter((c) => c.isApproved === false);
    expect(notApproved.length).toBeGreaterThan(10);
    const filtered = await wholeList({ kyc: 'notApproved', sort: 'createdAt', direction: 'desc' }, 50);
    expect(filtered.total).toBe(notApproved.length);
    const created = (c: Customer) => Date.parse(c.createdAt!);
    expect(ids(filtered.results)).toEqual(ids([...notApproved].sort(byThen(created)).reverse()));
    const approved = await browse({ kyc: 'approved', limit: 5 });
    expect(approved.total).toBe(COUNT - notApproved.length);
    expect(approved.results.every((c) => c.isApproved === true)).toBe(true);
    const unknown = await browse({ kyc: 'unknown' });
    expect(unknown).toMatchObject({ total: 0, results: [] });
  });

  it('answers an offset past the end with no customers and the total', async () => {
    const past = await browse({ offset: COUNT + 10 });
    expect(past).toMatchObject({ results: [], total: COUNT, offset: COUNT + 10 });
  });

  it('refuses bad input with a message naming the field', async () => {
    for (const [input, field] of [
      [{ sort: 'email' }, 'sort'],
      [{ kyc: 'maybe' }, 'kyc'],
      [{ offset: -1 }, 'offset'],
      [{ limit: 500 }, 'limit'],
      [{ direction: 'up' }, 'direction'],
    ] as const) {
      const r = await dispatch('customers.browse', SENDER, input);
      expect(r.ok === false && r.error.kind, field).toBe('validation');
      expect(r.ok === false && r.error.message, field).toContain(field);
    }
  });
});
