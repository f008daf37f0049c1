// GET /customers over real HTTP: the envelope, seeded content, pagination edges, determinism and ETag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '../../../src-shared/api/records';
import { listEnvelopeSchema } from '../../../src-shared/api/envelope';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { OBJECT_ID, clock, expectError, expectList, get, isIsoTimestamp, post } from './api';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ seed: 42, customers: 250, now: clock });
});
afterAll(() => sb.stop());

describe('GET /customers', () => {
  it('answers the first page with the default limit of 100 and the spec envelope', async () => {
    const a = await get(sb, '/customers');
    const data = expectList(a, { total: 250, pages: 3, page: 0, limit: 100 });
    expect(data).toHaveLength(100);
    expect(listEnvelopeSchema(customerSchema).safeParse(a.json).success).toBe(true);
    expect(a.headers.get('etag')).toMatch(/^".+"$/);
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
      expect(a.headers.get(h)).toMatch(/^\d+$/);
    }
  });

  it('serves realistic Nigerian customers with every field of the list form', async () => {
    const data = (await get(sb, '/customers')).json.data as any[];
    for (const c of data) {
      expect(c._id).toMatch(OBJECT_ID);
      expect(c.business).toBe(sb.fixtures.businessId);
      expect(c.type).toBe('individual');
      expect(c.name).toBe(`${c.individual.firstName} ${c.individual.lastName}`);
      expect(['active', 'inactive']).toContain(c.status);
      expect(c.phoneNumber).toMatch(/^\+234[789]\d{9}$/);
      expect(c.emailAddress).toMatch(/^[a-z.-]+\d+@[a-z.]+$/);
      expect(typeof c.individual.otherNames).toBe('string');
      expect(c.individual.dob).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
      expect(['BVN', 'NIN']).toContain(c.individual.identity.type);
      expect(c.individual.identity.number).toMatch(/^\d{11}$/);
      for (const url of Object.values(c.individual.documents))
        expect(url).toMatch(/^https:\/\/.+\/customers\/[0-9a-f]{24}\//);
      expect(c.billingAddress).toMatchObject({ country: 'NG' });
      expect(c.billingAddress.postalCode).toMatch(/^\d{6}$/);
      for (const k of ['line1', 'line2', 'city', 'state']) expect(typeof c.billingAddress[k]).toBe('string');
      expect(isIsoTimestamp(c.createdAt)).toBe(true);
      expect(isIsoTimestamp(c.updatedAt)).toBe(true);
      expect(c.updatedAt >= c.createdAt).toBe(true);
      expect(c.__v).toBe(0);
    }
    const approved = data.filter((c) => c.isApproved).length;
    expect(approved).toBeGreaterThan(80);
    expect(approved).toBeLessThan(100);
  });

  it('lists customers in creation order with unique ids', async () => {
    const all = [
      ...(await get(sb, '/customers?page=0')).json.data,
      ...(await get(sb, '/customers?page=1')).json.data,
      ...(await get(sb, '/customers?page=2')).json.data,
    ] as any[];
    expect(all).toHaveLength(250);
    expect(new Set(all.map((c) => c._id)).size).toBe(250);
    for (let i = 1; i < all.length; i++) expect(all[i].createdAt > all[i - 1].createdAt).toBe(true);
    expect(all.slice(0, sb.fixtures.sampleCustomerIds.length).map((c) => c._id)).toEqual(sb.fixtures.sampleCustomerIds);
  });

  it('pages consistently whatever the page size', async () => {
    const big = (await get(sb, '/customers?limit=100&page=0')).json.data as any[];
    const small = (await get(sb, '/customers?limit=10&page=3')).json.data as any[];
    expect(small).toEqual(big.slice(30, 40));
  });

  it('answers the last page partly filled and a page past the end empty with the totals', async () => {
    expect(expectList(await get(sb, '/customers?page=2'), { total: 250, pages: 3, page: 2, limit: 100 })).toHaveLength(
      50,
    );
    expect(expectList(await get(sb, '/customers?page=3'), { total: 250, pages: 3, page: 3, limit: 100 })).toEqual([]);
    expect(
      expectList(await get(sb, '/customers?page=999&limit=7'), { total: 250, pages: 36, page: 999, limit: 7 }),
    ).toEqual([]);
  });

  it('accepts limit 1 and limit 100', async () => {
    expect(expectList(await get(sb, '/customers?limit=1'), { total: 250, pages: 250, page: 0, limit: 1 })).toHaveLength(
      1,
    );
    expect(
      expectList(await get(sb, '/customers?limit=100&page=1'), { total: 250, pages: 3, page: 1, limit: 100 }),
    ).toHaveLength(100);
  });

  it.each([
    'limit=101',
    'limit=0',
    'limit=-5',
    'page=-1',
    'page=abc',
    'limit=ten',
    'limit=2.5',
    'page=1.0',
    'page=',
    'limit=1e2',
    'page=0x1',
  ])('rejects %s with "Invalid pagination parameters"', async (query) => {
    expectError(await get(sb, `/customers?${query}`), 400, 'Invalid pagination parameters');
  });

  it('builds the same customers from the same seed, and others from another seed', async () => {
    const twin = await startSandbox({ seed: 42, customers: 250, now: clock });
    const other = await startSandbox({ seed: 43, customers: 250, now: clock });
    try {
      const mine = (await get(sb, '/customers?page=1&limit=50')).json.data;
      expect((await get(twin, '/customers?page=1&limit=50')).json.data).toEqual(mine);
      const theirs = (await get(other, '/customers?page=1&limit=50')).json.data as any[];
      expect(theirs.map((c) => c._id)).not.toEqual(mine.map((c: any) => c._id));
    } finally {
      await Promise.all([twin.stop(), other.stop()]);
    }
  });

  it('keeps customer ids the same whatever the customer count', async () => {
    const bigger = await startSandbox({ seed: 42, customers: 5_000, now: clock });
    try {
      const ids = ((await get(bigger, '/customers?limit=20')).json.data as any[]).map((c) => c._id);
      expect(ids.slice(0, sb.fixtures.sampleCustomerIds.length)).toEqual(sb.fixtures.sampleCustomerIds);
    } finally {
      await bigger.stop();
    }
  });
});

describe('GET /customers ETag', () => {
  it('answers 304 without a body when If-None-Match matches, weak or listed', async () => {
    const first = await get(sb, '/customers?page=1&limit=20');
    const etag = first.headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"nope", ${etag}`]) {
      const again = await get(sb, '/customers?page=1&limit=20', { headers: { 'If-None-Match': header } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
  });

  it('gives each page its own ETag and answers 200 when it does not match', async () => {
    const a = await get(sb, '/customers?page=0&limit=20');
    const b = await get(sb, '/customers?page=1&limit=20');
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
    const mismatch = await get(sb, '/customers?page=0&limit=20', {
      headers: { 'If-None-Match': b.headers.get('etag')! },
    });
    expect(mismatch.status).toBe(200);
    expect(mismatch.json.data).toHaveLength(20);
  });

  it('changes the ETag when the state changes', async () => {
    const before = await get(sb, '/customers?page=2&limit=20');
    const etag = before.headers.get('etag')!;
    const created = await post(sb, '/accounts', { type: 'account', currency: 'NGN', accountType: 'Current' });
    expect(created.status).toBe(200);
    const after = await get(sb, '/customers?page=2&limit=20', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.json.data).toEqual(before.json.data);
  });
});

describe('a million customers', () => {
  it('starts and serves a late page without holding the customers in memory', async () => {
    const big = await startSandbox({ seed: 5, customers: 1_000_000, now: clock });
    try {
      const late = expectList(await get(big, '/customers?page=9999&limit=100'), {
        total: 1_000_000,
        pages: 10_000,
        page: 9999,
        limit: 100,
      });
      expect(late).toHaveLength(100);
      expect(new Set(late.map((c: any) => c._id)).size).toBe(100);
      for (let i = 1; i < late.length; i++) expect(late[i].createdAt > late[i - 1].createdAt).toBe(true);
      const first = (await get(big, '/customers?limit=1')).json.data[0];
      expect(late[0].createdAt > first.createdAt).toBe(true);
      expect(
        expectList(await get(big, '/customers?page=10000&limit=100'), { total: 1_000_000, page: 10_000, limit: 100 }),
      ).toEqual([]);
    } finally {
      await big.stop();
    }
  });
});
