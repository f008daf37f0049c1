// Every operation of the client against the local sandbox over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCardRequest } from '../../../src-shared/api/requests';
import { NO_KEY } from '../../../src-main/api/failures';
import { virtualCardRequest } from '../../support/card-requests';
import { closedPort, requestsTo, startRig, type ClientRig } from './support';

let rig: ClientRig;
beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig.close();
});

const unknownId = 'ffffffffffffffffffffffff';

describe('reads', () => {
  it('lists customers with pagination, an ETag and the rate-limit headers', async () => {
    const r = await rig.client.listCustomers({ page: 1, limit: 5 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data).toHaveLength(5);
    expect(r.data[0]).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect(r.pagination).toMatchObject({ total: rig.sandbox.fixtures.customerCount, page: 1, limit: 5 });
    expect(r.etag).toEqual(expect.any(String));
    const limit = rig.client.rateLimit();
    expect(limit).toMatchObject({ limit: expect.any(Number), remaining: expect.any(Number) });
    expect(limit!.resetAt).toBeGreaterThan(Date.now() - 1_000);
    const sent = requestsTo(rig.sandbox, 'GET /customers').at(-1)!;
    expect(sent.url).toBe('/customers?page=1&limit=5');
    expect(sent.authorized).toBe(true);
  });

  it('answers notModified for a matching If-None-Match (304)', async () => {
    const first = await rig.client.listCustomers({ page: 0, limit: 3 });
    if (!first.ok || !first.etag) throw new Error('no etag');
    const again = await rig.client.listCustomers({ page: 0, limit: 3 }, { ifNoneMatch: first.etag });
    expect(again).toMatchObject({ ok: true, data: [], notModified: true });
    expect(requestsTo(rig.sandbox, 'GET /customers').at(-1)!.status).toBe(304);
    const other = await rig.client.listCustomers({ page: 1, limit: 3 }, { ifNoneMatch: first.etag });
    expect(other.ok && other.data.length).toBe(3);
    expect(other.notModified).toBeUndefined();
  });

  it('hands back a customer page as the bytes the service sent, with its ETag, 304 and errors as listCustomers', async () => {
    const parsed = await rig.client.listCustomers({ page: 2, limit: 4 });
    const raw = await rig.client.listCustomersBytes({ page: 2, limit: 4 });
    if (!parsed.ok || !raw.ok) throw new Error('a page failed');
    expect(raw.data).toBeInstanceOf(Uint8Array);
    const body = JSON.parse(new TextDecoder().decode(raw.data)) as { data: unknown[]; pagination: unknown };
    expect(body.data).toEqual(parsed.data);
    expect(body.pagination).toEqual(parsed.pagination);
    expect(raw.etag).toBe(parsed.etag);
    expect(requestsTo(rig.sandbox, 'GET /customers').at(-1)!.url).toBe('/customers?page=2&limit=4');

    const again = await rig.client.listCustomersBytes({ page: 2, limit: 4 }, { ifNoneMatch: raw.etag! });
    expect(again).toMatchObject({ ok: true, notModified: true });

    const bad = await rig.client.listCustomersBytes({ page: -1, limit: 4 });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatchObject({ kind: 'validation', status: 400 });
  });

  it('lists authorizations with a date range', async () => {
    const r = await rig.client.listAuthorizations({ page: 0, limit: 10, fromDate: '2000-01-01', toDate: '2100-12-31' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.pagination?.limit).toBe(10);
    expect(requestsTo(rig.sandbox, 'GET /cards/authorizations').at(-1)!.url).toBe(
      '/cards/authorizations?page=0&limit=10&fromDate=2000-01-01&toDate=2100-12-31',
    );
    const bad = await rig.client.listAuthorizations({ fromDate: '2026-02-01', toDate: '2026-01-01' });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'validation', status: 400 } });
  });

  it('lists accounts filtered by currency and type', async () => {
    const r = await rig.client.listAccounts({ currency: 'NGN', type: 'account', limit: 50 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.every((a) => a.currency === 'NGN' && a.type === 'account')).toBe(true);
  });

  it('lists disputes and funding sources, and gets one funding source', async () => {
    const disputes = await rig.client.listDisputes({ page: 0, limit: 5 });
    expect(disputes.ok).toBe(true);
    const sources = await rig.client.listFundingSources({});
    if (!sources.ok) throw new Error(sources.error.message);
    expect(sources.data.map((s) => s._id)).toEqual(
      expect.arrayContaining(rig.sandbox.fixtures.fundingSources.map((s) => s.id)),
    );
    const id = rig.sandbox.fixtures.fundingSources[0]!.id;
    expect(await rig.client.getFundingSource(id)).toMatchObject({ ok: true, data: { _id: id } });
  });

  it("lists a card's transactions and reads its balance", async () => {
    const card = rig.sandbox.fixtures.cards[0]!;
    const tx = await rig.client.listCardTransactions({ cardId: card.id, page: 0, limit: 5 });
    expect(tx.ok).toBe(true);
    expect(requestsTo(rig.sandbox, 'GET /cards/:id/transactions').at(-1)!.url).toBe(
      `/cards/${card.id}/transactions?page=0&limit=5`,
    );
    const balance = await rig.client.getCardBalance(card.id);
    expect(balance).toMatchObject({
      ok: true,
      data: { currentBalance: expect.any(Number), availableBalance: expect.any(Number) },
    });
  });

  it('maps invalid and unknown ids to validation and not_found', async () => {
    expect(await rig.client.getFundingSource('not-an-id')).toMatchObject({
      ok: false,
      error: { kind: 'validation', status: 400, message: 'Invalid funding source id' },
    });
    expect(await rig.client.getFundingSource(unknownId)).toMatchObject({
      ok: false,
      error: { kind: 'not_found', status: 404, message: 'Funding source not found' },
    });
    expect(await rig.client.getCardBalance('xyz')).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: 'Invalid card id' },
    });
    expect(await rig.client.getCardBalance(unknownId)).toMatchObject({
      ok: false,
      error: { kind: 'not_found', status: 404 },
    });
    expect(await rig.client.listCardTransactions({ cardId: unknownId })).toMatchObject({
      ok: false,
      error: { kind: 'not_found' },
    });
  });

  it('maps bad pagination to a validation error', async () => {
    expect(await rig.client.listDisputes({ page: 0, limit: 500 })).toMatchObject({
      ok: false,
      error: { kind: 'validation', status: 400, message: 'Invalid pagination parameters' },
    });
  });
});

describe('writes', () => {
  const virtualCard = (): CreateCardRequest =>
    virtualCardRequest(rig.sandbox.fixtures, { metadata: { ref: 'ops-test' } });

  it('creates a card', async () => {
    const r = await rig.client.createCard(virtualCard());
    if (!r.ok) throw new Error(r.error.message);
    expect(r.data).toMatchObject({
      _id: expect.any(String),
      type: 'virtual',
      brand: 'Verve',
      currency: 'NGN',
      status: 'active',
    });
    expect(requestsTo(rig.sandbox, 'POST /cards').at(-1)!.body).toMatchObject({
      customerId: virtualCard().customerId,
      type: 'virtual',
    });
  });

  it('a missing customerId comes back as a validation error naming the field', async () => {
    const { customerId: _omitted, ...rest } = virtualCard();
    const r = await rig.client.createCard(rest as CreateCardRequest);
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        status: 400,
        field: 'customerId',
        // The service's "customerId is required", said as the form says it.
        message: 'Choose a customer',
      },
    });
  });

  it('creates an account and a wallet; a wallet without a customer names customerId', async () => {
    const account = await rig.client.createAccount({ type: 'account', currency: 'USD', accountType: 'Current' });
    expect(account).toMatchObject({ ok: true, data: { type: 'account', currency: 'USD' } });
    const wallet = await rig.client.createAccount({
      type: 'wallet',
      currency: 'NGN',
      accountType: 'Savings',
      customerId: rig.sandbox.fixtures.sampleCustomerIds[1]!,
    });
    expect(wallet).toMatchObject({
      ok: true,
      data: { type: 'wallet', customer: rig.sandbox.fixtures.sampleCustomerIds[1] },
    });
    const noCustomer = await rig.client.createAccount({ type: 'wallet', currency: 'NGN', accountType: 'Savings' });
    expect(noCustomer).toMatchObject({ ok: false, error: { kind: 'validation', field: 'customerId' } });
  });

  it('resolves a bank account name, and explains one it cannot resolve', async () => {
    const known = rig.sandbox.fixtures.bankAccounts[0]!;
    expect(
      await rig.client.nameEnquiry({ bankCode: known.bankCode, accountNumber: known.accountNumber }),
    ).toMatchObject({ ok: true, data: { accountName: known.accountName } });
    const unknown = await rig.client.nameEnquiry({ bankCode: known.bankCode, accountNumber: '0000000001' });
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'validation', status: 400 } });
    expect(unknown.ok || unknown.error.message).toMatch(/resolve/i);
  });
});

describe('the key', () => {
  it("is sent as a Bearer token; a wrong one is unauthorized with the server's message", async () => {
    const wrong = rig.makeClient({ getKey: async () => 'sk_test_wrong_key_000000' });
    const r = await wrong.listDisputes({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    expect(r.ok || r.error.message).toMatch(/valid API key/i);
    expect(r.ok || r.error.message).not.toContain('sk_test_wrong_key_000000');
  });

  it('no key saved: unauthorized, and nothing is sent', async () => {
    const before = rig.sandbox.requests().length;
    const none = rig.makeClient({ getKey: async () => null });
    expect(await none.listDisputes({})).toEqual({
      ok: false,
      error: { kind: 'unauthorized', message: NO_KEY, keyMissing: true },
    });
    expect(rig.sandbox.requests().length).toBe(before);
  });

  it('reports each outcome for the connection state', async () => {
    rig.outcomes.length = 0;
    await rig.client.listDisputes({});
    await rig.client.getFundingSource(unknownId);
    expect(rig.outcomes).toEqual([{ kind: 'ok' }, { kind: 'not_found', status: 404 }]);
  });
});

describe('no server', () => {
  it('a GET to a closed port is a network error after the retries', async () => {
    const port = await closedPort();
    const client = rig.makeClient({ baseUrl: `http://127.0.0.1:${port}` });
    const r = await client.listDisputes({});
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'network', message: expect.stringContaining(`127.0.0.1:${port}`) },
    });
  });

  it('a POST that could not connect is a plain network error: nothing was sent', async () => {
    const port = await closedPort();
    const client = rig.makeClient({ baseUrl: `http://127.0.0.1:${port}` });
    const { customerId } = { customerId: rig.sandbox.fixtures.sampleCustomerIds[0]! };
    const r = await client.createAccount({ type: 'wallet', currency: 'NGN', accountType: 'Savings', customerId });
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'network', message: expect.stringContaining('Could not connect') },
    });
  });
});
