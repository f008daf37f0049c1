// The customer list is written as bytes field by field, not with JSON.stringify: it must give exactly
// what JSON.stringify of the same customers gives, over HTTP and for every kind of customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerDirectory, MAX_CUSTOMERS } from '../../../src-main/sandbox/data/customers';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { clock } from './api';

const BUSINESS_ID = '61807f80c10c636bd2000000';

describe('customer list bytes', () => {
  it.each([1, 42, -7, 2 ** 31])('match JSON.stringify of the same customers for seed %s', (seed) => {
    const customers = new CustomerDirectory({ seed, count: MAX_CUSTOMERS, businessId: BUSINESS_ID });
    // Pages from the start, the middle and the far end, so times, years and id counters of every width appear.
    for (const from of [0, 100, 123_457, 999_900, 5_000_000, MAX_CUSTOMERS - 100]) {
      const expected = JSON.stringify(customers.range(from, from + 100));
      expect(customers.rangeJsonBytes(from, from + 100).toString('utf8')).toBe(expected);
    }
  });

  it('matches over 20,000 consecutive customers, with the envelope around them', () => {
    const customers = new CustomerDirectory({ seed: 3, count: 20_000, businessId: BUSINESS_ID });
    for (let from = 0; from < 20_000; from += 1_000) {
      const page = customers.rangeJsonBytes(from, from + 1_000, '{"data":', ',"end":true}').toString('utf8');
      expect(page).toBe(JSON.stringify({ data: customers.range(from, from + 1_000), end: true }));
    }
  });

  it('writes an empty array past the end', () => {
    const customers = new CustomerDirectory({ seed: 3, count: 10, businessId: BUSINESS_ID });
    expect(customers.rangeJsonBytes(10, 110, '{"data":', '}').toString('utf8')).toBe('{"data":[]}');
  });
});

describe('GET /customers body', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox({ seed: 9, customers: 1_000_000, now: clock });
  });
  afterAll(() => sb.stop());

  it.each([
    [0, 100],
    [1, 100],
    [9_999, 100],
    [10_000, 100],
    [3, 7],
    [0, 1],
  ])('page %s of %s is JSON.stringify of the envelope, with its length and type', async (page, limit) => {
    const res = await fetch(`${sb.url}/customers?page=${page}&limit=${limit}`, {
      headers: { Authorization: `Bearer ${sb.key}` },
    });
    const body = Buffer.from(await res.arrayBuffer());
    const directory = new CustomerDirectory({ seed: 9, count: 1_000_000, businessId: sb.fixtures.businessId });
    const expected = JSON.stringify({
      statusCode: 200,
      message: 'Customers fetched successfully',
      data: directory.range(page * limit, page * limit + limit),
      pagination: { total: 1_000_000, pages: Math.ceil(1_000_000 / limit), page, limit },
    });
    expect(res.status).toBe(200);
    expect(body.toString('utf8')).toBe(expected);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(expected)));
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});
