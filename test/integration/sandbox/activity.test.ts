// The seeded card activity over real HTTP: authorizations, a card's transactions and balance, disputes
// and funding sources, with their pagination, date ranges and error answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPUTE_REASONS,
  authorizationSchema,
  disputeSchema,
  fundingSourceSchema,
  transactionSchema,
} from '../../../src-shared/api/records';
import { listEnvelopeSchema } from '../../../src-shared/api/envelope';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { NOW, OBJECT_ID, UNKNOWN_ID, clock, expectError, expectList, get, isIsoTimestamp } from './api';

const DAY = 86_400_000;
let sb: SandboxHandle;
let authorizations: any[];

beforeAll(async () => {
  sb = await startSandbox({ seed: 11, customers: 300, now: clock });
  const first = await get(sb, '/cards/authorizations?limit=100');
  authorizations = [...first.json.data];
  for (let page = 1; page < first.json.pagination.pages; page++) {
    authorizations.push(...(await get(sb, `/cards/authorizations?limit=100&page=${page}`)).json.data);
  }
});
afterAll(() => sb.stop());

const round2 = (n: number) => Math.round(n * 100) / 100;

describe('GET /cards/authorizations', () => {
  it('pages 25 at a time by default, newest first, all within the last 90 days', async () => {
    const a = await get(sb, '/cards/authorizations');
    const total = a.json.pagination.total;
    expect(total).toBeGreaterThanOrEqual(100);
    expect(total).toBeLessThanOrEqual(400);
    expect(expectList(a, { total, page: 0, limit: 25 })).toHaveLength(25);
    expect(listEnvelopeSchema(authorizationSchema).safeParse(a.json).success).toBe(true);
    expect(authorizations).toHaveLength(total);
    for (let i = 1; i < authorizations.length; i++)
      expect(authorizations[i].createdAt <= authorizations[i - 1].createdAt).toBe(true);
    for (const x of authorizations) {
      const t = Date.parse(x.createdAt);
      expect(t).toBeLessThanOrEqual(NOW.getTime());
      expect(t).toBeGreaterThanOrEqual(NOW.getTime() - 90 * DAY);
    }
  });

  it('embeds the customer, account and card, and amounts include fee and VAT', () => {
    const fixtureCards = new Set(sb.fixtures.cards.map((c) => c.id));
    for (const x of authorizations) {
      expect(x._id).toMatch(OBJECT_ID);
      expect(x.business).toBe(sb.fixtures.businessId);
      expect(x.customer._id).toMatch(OBJECT_ID);
      expect(x.customer.individual.dob).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
      expect(x.customer.isDeleted).toBe(false);
      expect(x.account._id).toMatch(OBJECT_ID);
      expect(x.card.customer).toBe(x.customer._id);
      expect(x.card.account).toBe(x.account._id);
      expect(fixtureCards.has(x.card._id)).toBe(true);
      expect(x.card.version).toBe('v1');
      expect(x.currency).toBe(x.card.currency);
      expect(x.amount).toBe(round2(x.merchantAmount + x.fee + x.vat));
      expect(round2(x.feeDetails.reduce((s: number, f: any) => s + f.amount, 0))).toBe(round2(x.fee + x.vat));
      expect(x.vat).toBe(round2(x.fee * 0.075));
      expect(x.authorizationMethod).toBe('online');
      expect(x.approved).toBe(x.status === 'approved');
      expect(x.requestHistory).toHaveLength(1);
      expect(x.requestHistory[0]).toMatchObject({ amount: x.amount, approved: x.approved, createdAt: x.createdAt });
      expect(x.merchant.name).toEqual(expect.any(String));
      expect(x.terminal.rrn).toMatch(/^\d{12}$/);
      for (const v of Object.values(x.verification)) expect(['match', 'not_provided', 'pin']).toContain(v);
      expect(isIsoTimestamp(x.updatedAt)).toBe(true);
    }
    expect(authorizations.some((x) => x.status === 'declined')).toBe(true);
    expect(new Set(authorizations.map((x) => x.transactionMetadata.channel)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(authorizations.map((x) => x.card.brand))).toEqual(
      new Set(['Verve', 'AfriGo', 'MasterCard', 'Visa']),
    );
  });

  it('embeds the same customers the customer list shows, dob as a timestamp and without documents', async () => {
    const listed = new Map<string, any>();
    for (let page = 0; page < 3; page++)
      for (const c of (await get(sb, `/customers?page=${page}`)).json.data) listed.set(c._id, c);
    for (const x of authorizations) {
      const { documents, dob, ...person } = listed.get(x.customer._id).individual;
      expect(documents).toBeDefined();
      expect(x.customer).toEqual({
        ...listed.get(x.customer._id),
        individual: { ...person, dob: `${dob.replaceAll('/', '-')}T00:00:00.000Z` },
        isDeleted: false,
      });
    }
  });

  it('filters by an inclusive date range; the two halves of a split add up to the whole', async () => {
    const day = authorizations[Math.floor(authorizations.length / 2)].createdAt.slice(0, 10);
    const sameDay = authorizations.filter((x) => x.createdAt.startsWith(day));
    const oneDay = await get(sb, `/cards/authorizations?fromDate=${day}&toDate=${day}&limit=100`);
    expect(expectList(oneDay, { total: sameDay.length, page: 0, limit: 100 }).map((x: any) => x._id)).toEqual(
      sameDay.map((x) => x._id),
    );

    const before = new Date(Date.parse(day) - DAY).toISOString().slice(0, 10);
    const upTo = (await get(sb, `/cards/authorizations?toDate=${before}`)).json.pagination.total;
    const from = (await get(sb, `/cards/authorizations?fromDate=${day}`)).json.pagination.total;
    expect(upTo + from).toBe(authorizations.length);
    expect(upTo).toBe(authorizations.filter((x) => x.createdAt < day).length);
  });

  it('accepts full ISO date-times as bounds', async () => {
    const pivot = authorizations[10].createdAt;
    const a = await get(sb, `/cards/authorizations?fromDate=${encodeURIComponent(pivot)}&limit=100`);
    expect(a.json.pagination.total).toBe(11);
    expect(a.json.data[10]._id).toBe(authorizations[10]._id);
  });

  it.each([
    ['fromDate=2026-13-01', 'fromDate must be a date as YYYY-MM-DD'],
    ['fromDate=yesterday', 'fromDate must be a date as YYYY-MM-DD'],
    ['toDate=2026-02-30', 'toDate must be a date as YYYY-MM-DD'],
    ['fromDate=2026-03-10&toDate=2026-03-01', 'fromDate must not be after toDate'],
    ['limit=101', 'Invalid pagination parameters'],
    ['page=-1', 'Invalid pagination parameters'],
    ['limit=x', 'Invalid pagination parameters'],
  ])('rejects %s', async (query, message) => {
    expectError(await get(sb, `/cards/authorizations?${query}`), 400, message);
  });

  it('answers an empty page past the end', async () => {
    const total = authorizations.length;
    expect(
      expectList(await get(sb, '/cards/authorizations?page=50&limit=100'), { total, page: 50, limit: 100 }),
    ).toEqual([]);
  });
});

describe('GET /cards/{id}/transactions and /balance', () => {
  const usedCard = () => {
    const captured = authorizations.find(
      (x) => x.status === 'approved' && Date.parse(x.createdAt) < NOW.getTime() - 3 * DAY,
    );
    return captured.card;
  };

  it("lists a card's captures and refunds with the originating authorization embedded", async () => {
    const card = usedCard();
    const a = await get(sb, `/cards/${card._id}/transactions?limit=100`);
    const data = expectList(a, { page: 0, limit: 100 });
    expect(data.length).toBeGreaterThan(0);
    expect(listEnvelopeSchema(transactionSchema).safeParse(a.json).success).toBe(true);
    const byId = new Map(authorizations.map((x) => [x._id, x]));
    for (const t of data) {
      expect(t.card._id).toBe(card._id);
      expect(t.customer._id).toBe(card.customer);
      expect(t.account._id).toBe(card.account);
      expect(typeof t.authorization.customer).toBe('string');
      expect(typeof t.authorization.account).toBe('string');
      expect(t.authorization.card).toBe(card._id);
      const auth = byId.get(t.authorization._id);
      expect(auth.status).toBe('approved');
      const sign = t.type === 'capture' ? -1 : 1;
      expect(['capture', 'refund']).toContain(t.type);
      for (const k of ['amount', 'fee', 'vat', 'merchantAmount'] as const) expect(t[k]).toBe(sign * auth[k]);
      expect(t.amount * sign).toBeGreaterThan(0);
      expect(t.createdAt >= auth.createdAt).toBe(true);
    }
    for (let i = 1; i < data.length; i++) expect(data[i].createdAt <= data[i - 1].createdAt).toBe(true);
  });

  it("pages and filters a card's transactions by date", async () => {
    const card = usedCard();
    const all = (await get(sb, `/cards/${card._id}/transactions?limit=100`)).json.data as any[];
    const one = expectList(await get(sb, `/cards/${card._id}/transactions?limit=1&page=0`), {
      total: all.length,
      pages: all.length,
      page: 0,
      limit: 1,
    });
    expect(one.map((t: any) => t._id)).toEqual([all[0]._id]);
    const day = all[0].createdAt.slice(0, 10);
    const onDay = all.filter((t) => t.createdAt.startsWith(day));
    expect(
      expectList(await get(sb, `/cards/${card._id}/transactions?fromDate=${day}&toDate=${day}`), {
        total: onDay.length,
        page: 0,
        limit: 25,
      }),
    ).toHaveLength(onDay.length);
    expectError(
      await get(sb, `/cards/${card._id}/transactions?fromDate=2026-03-02&toDate=2026-03-01`),
      400,
      'fromDate must not be after toDate',
    );
    expectError(await get(sb, `/cards/${card._id}/transactions?limit=0`), 400, 'Invalid pagination parameters');
  });

  it('has refunds somewhere and every seeded card can be asked for its transactions', async () => {
    let refunds = 0;
    for (const c of sb.fixtures.cards) {
      const a = await get(sb, `/cards/${c.id}/transactions?limit=100`);
      expect(a.status).toBe(200);
      refunds += (a.json.data as any[]).filter((t) => t.type === 'refund').length;
    }
    expect(refunds).toBeGreaterThan(0);
  });

  it("answers a card's balance, with holds taken off the available balance", async () => {
    for (const c of sb.fixtures.cards) {
      const a = await get(sb, `/cards/${c.id}/balance`);
      expect(a.status).toBe(200);
      expect(a.json.statusCode).toBe(200);
      expect(Object.keys(a.json.data).sort()).toEqual(['availableBalance', 'currentBalance']);
      expect(a.json.data.currentBalance).toBeGreaterThanOrEqual(a.json.data.availableBalance);
      expect(a.json.data.availableBalance).toBeGreaterThan(0);
      expect(a.json).not.toHaveProperty('pagination');
    }
  });

  it.each(['transactions', 'balance'])(
    'answers 400 "Invalid card id" and 404 "Card not found" on /%s',
    async (what) => {
      for (const bad of ['abc', '12345', 'FFFFFFFFFFFFFFFFFFFFFFFF', 'ffffffffffffffffffffffff0']) {
        expectError(await get(sb, `/cards/${bad}/${what}`), 400, 'Invalid card id');
      }
      expectError(await get(sb, `/cards/${UNKNOWN_ID}/${what}`), 404, 'Card not found');
    },
  );
});

describe('GET /cards/disputes', () => {
  it("lists disputes on captured transactions with the service's reasons", async () => {
    const a = await get(sb, '/cards/disputes');
    const data = expectList(a, { page: 0, limit: 25 });
    expect(data.length).toBeGreaterThan(0);
    expect(listEnvelopeSchema(disputeSchema).safeParse(a.json).success).toBe(true);
    const captures = new Set<string>();
    for (const c of sb.fixtures.cards) {
      for (const t of (await get(sb, `/cards/${c.id}/transactions?limit=100`)).json.data as any[])
        if (t.type === 'capture') captures.add(t._id);
    }
    for (const d of data) {
      expect(d._id).toMatch(OBJECT_ID);
      expect(captures.has(d.transaction)).toBe(true);
      expect(DISPUTE_REASONS).toContain(d.reason);
      expect(d.explanation.length).toBeGreaterThan(10);
      expect(typeof d.status).toBe('string');
      expect(typeof d.metadata).toBe('object');
      expect(d.__v).toBe(0);
    }
    expect(data.some((d) => d.status === 'pending')).toBe(true);
  });

  it('pages disputes and rejects bad pagination', async () => {
    const total = (await get(sb, '/cards/disputes')).json.pagination.total;
    expect(
      expectList(await get(sb, '/cards/disputes?limit=1&page=1'), { total, pages: total, page: 1, limit: 1 }),
    ).toHaveLength(1);
    expect(
      expectList(await get(sb, `/cards/disputes?page=${total}&limit=1`), { total, page: total, limit: 1 }),
    ).toEqual([]);
    expectError(await get(sb, '/cards/disputes?limit=500'), 400, 'Invalid pagination parameters');
  });
});

describe('funding sources', () => {
  it('lists at least one active and one inactive funding source', async () => {
    const a = await get(sb, '/fundingsources');
    const data = expectList(a, { total: 3, pages: 1, page: 0, limit: 25 });
    expect(listEnvelopeSchema(fundingSourceSchema).safeParse(a.json).success).toBe(true);
    expect(data.map((s: any) => s.status)).toEqual(expect.arrayContaining(['active', 'inactive']));
    expect(data.map((s: any) => s._id).sort()).toEqual(sb.fixtures.fundingSources.map((s) => s.id).sort());
    expectError(await get(sb, '/fundingsources?page=-2'), 400, 'Invalid pagination parameters');
  });

  it('fetches one funding source by id', async () => {
    for (const f of sb.fixtures.fundingSources) {
      const a = await get(sb, `/fundingsources/${f.id}`);
      expect(a.status).toBe(200);
      expect(a.json).toMatchObject({
        statusCode: 200,
        data: { _id: f.id, status: f.status, business: sb.fixtures.businessId, isDeleted: false },
      });
      expect(a.json).not.toHaveProperty('pagination');
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expectError(await get(sb, '/fundingsources/not-an-id'), 400, 'Invalid funding source id');
    expectError(await get(sb, '/fundingsources/0123456789abcdef0123456g'), 400, 'Invalid funding source id');
    expectError(await get(sb, `/fundingsources/${UNKNOWN_ID}`), 404, 'Funding source not found');
  });
});
