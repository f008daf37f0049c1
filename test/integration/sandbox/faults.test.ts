// Fault injection over real HTTP: each kind, its scoping (endpoint, count, probability) and what each
// does to state. drop_after_processing on POST /cards must leave exactly one new card.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { call, clock, expectError, get, post } from './api';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ seed: 31, customers: 60, now: clock });
});
afterEach(() => sb.faults.clear());
afterAll(() => sb.stop());

const USD_ACCOUNT = { type: 'account', currency: 'USD', accountType: 'Current' };
const accountsTotal = async () => (await get(sb, '/accounts')).json.pagination.total;
const lastLogged = () => sb.requests().at(-1)!;

describe('fault kinds', () => {
  it('latency delays the answer, then answers normally', async () => {
    sb.faults.add({ kind: 'latency', ms: 400, endpoint: 'GET /fundingsources', count: 1 });
    const started = performance.now();
    const a = await get(sb, '/fundingsources');
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
    expect(a.status).toBe(200);
    expect(a.json.data.length).toBe(3);
    expect(lastLogged()).toMatchObject({ endpoint: 'GET /fundingsources', status: 200, fault: 'latency' });
  });

  it.each([
    [500, 'Internal server error'],
    [502, 'Bad gateway'],
    [503, 'Service unavailable'],
    [402, 'Request Failed'],
  ])('status %i answers the error envelope', async (status, message) => {
    sb.faults.add({ kind: 'status', status, endpoint: 'GET /customers' });
    expectError(await get(sb, '/customers'), status, message);
    expect(lastLogged()).toMatchObject({ endpoint: 'GET /customers', status, fault: 'status' });
  });

  it('status on a POST does not process it', async () => {
    const before = await accountsTotal();
    sb.faults.add({ kind: 'status', status: 503, endpoint: 'POST /accounts', count: 1 });
    expectError(await post(sb, '/accounts', USD_ACCOUNT), 503, 'Service unavailable');
    expect(await accountsTotal()).toBe(before);
  });

  it('rate_limit answers 429 with Retry-After', async () => {
    sb.faults.add({ kind: 'rate_limit', retryAfterSeconds: 7, count: 1 });
    const a = await get(sb, '/cards/disputes');
    expectError(a, 429, 'Too many requests');
    expect(a.headers.get('retry-after')).toBe('7');
  });

  it('reset drops the connection before the request is processed', async () => {
    const before = await accountsTotal();
    sb.faults.add({ kind: 'reset', endpoint: 'POST /accounts', count: 1 });
    await expect(post(sb, '/accounts', USD_ACCOUNT)).rejects.toThrow(TypeError);
    expect(await accountsTotal()).toBe(before);
    expect(
      sb
        .requests()
        .filter((e) => e.endpoint === 'POST /accounts')
        .at(-1),
    ).toMatchObject({ status: 0, fault: 'reset' });
  });

  it('hang never answers until the client gives up, and counts as in flight until then', async () => {
    sb.faults.add({ kind: 'hang', endpoint: 'GET /accounts', count: 1 });
    const controller = new AbortController();
    const pending = get(sb, '/accounts', { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(sb.requestsInFlight()).toBe(1), { timeout: 30_000 });
    controller.abort();
    expect(((await pending) as Error).name).toBe('AbortError');
    await vi.waitFor(() => expect(sb.requestsInFlight()).toBe(0), { timeout: 30_000 });
    expect(
      sb
        .requests()
        .filter((e) => e.endpoint === 'GET /accounts')
        .at(-1),
    ).toMatchObject({ status: 0, fault: 'hang' });
    expect((await get(sb, '/accounts')).status).toBe(200);
  });

  it('malformed_json answers 200 with a JSON content type and a body that does not parse', async () => {
    sb.faults.add({ kind: 'malformed_json', endpoint: 'GET /cards/authorizations', count: 1 });
    const res = await fetch(`${sb.url}/cards/authorizations`, { headers: { Authorization: `Bearer ${sb.key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    await expect(res.json()).rejects.toThrow(SyntaxError);
  });

  it('wrong_envelope answers 200 with JSON that is not the envelope', async () => {
    sb.faults.add({ kind: 'wrong_envelope', endpoint: 'GET /accounts', count: 1 });
    const a = await get(sb, '/accounts');
    expect(a.status).toBe(200);
    expect(a.json).toBeTypeOf('object');
    expect(a.json).not.toHaveProperty('statusCode');
    expect(a.json).not.toHaveProperty('data');
  });

  it('drop_after_processing on POST /cards processes it once and never answers', async () => {
    const customerId = sb.fixtures.sampleCustomerIds[0]!;
    const debitAccountId = sb.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
    const ref = `drop-${Date.now()}`;
    sb.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /cards', count: 1 });
    await expect(
      post(sb, '/cards', {
        customerId,
        type: 'virtual',
        currency: 'NGN',
        status: 'active',
        brand: 'AfriGo',
        debitAccountId,
        metadata: { ref },
      }),
    ).rejects.toThrow(TypeError);

    const recent = (await get(sb, '/cards/authorizations?limit=100')).json.data as any[];
    const created = recent.filter((x) => x.card.metadata?.ref === ref);
    expect(created).toHaveLength(1);
    expect(created[0].card).toMatchObject({ customer: customerId, account: debitAccountId, status: 'active' });
    const balance = await get(sb, `/cards/${created[0].card._id}/balance`);
    expect(balance.status).toBe(200);
    expect(
      sb
        .requests()
        .filter((e) => e.endpoint === 'POST /cards')
        .at(-1),
    ).toMatchObject({
      status: 200,
      fault: 'drop_after_processing',
      body: expect.objectContaining({ metadata: { ref } }),
    });
  });

  it('drop_after_processing on POST /accounts leaves the account listed', async () => {
    const before = await accountsTotal();
    sb.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /accounts', count: 1 });
    await expect(post(sb, '/accounts', USD_ACCOUNT)).rejects.toThrow(TypeError);
    expect(await accountsTotal()).toBe(before + 1);
  });
});

describe('fault scoping', () => {
  it('applies to its endpoint only', async () => {
    sb.faults.add({ kind: 'status', status: 500, endpoint: 'GET /cards/disputes' });
    expect((await get(sb, '/cards/disputes')).status).toBe(500);
    expect((await get(sb, '/fundingsources')).status).toBe(200);
    expect((await get(sb, '/cards/disputes?page=1')).status).toBe(500);
  });

  it('applies to every endpoint when none is named', async () => {
    sb.faults.add({ kind: 'status', status: 502 });
    expect((await get(sb, '/customers')).status).toBe(502);
    expect((await post(sb, '/accounts/transfer/name-enquiry', {})).status).toBe(502);
  });

  it('applies to the next N requests only', async () => {
    sb.faults.add({ kind: 'status', status: 503, endpoint: 'GET /customers', count: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await get(sb, '/customers?limit=1')).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
  });

  it('applies with its probability', async () => {
    sb.faults.add({ kind: 'status', status: 500, endpoint: 'GET /fundingsources', probability: 0 });
    for (let i = 0; i < 10; i++) expect((await get(sb, '/fundingsources')).status).toBe(200);
    sb.faults.clear();
    sb.faults.add({ kind: 'status', status: 500, endpoint: 'GET /fundingsources', probability: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await get(sb, '/fundingsources')).status);
    expect(statuses.filter((s) => s === 500).length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(10);
  });

  it('adds latency to the fault that follows it', async () => {
    sb.faults.add({ kind: 'latency', ms: 300, count: 1 });
    sb.faults.add({ kind: 'status', status: 500, count: 1 });
    const started = performance.now();
    expect((await get(sb, '/accounts')).status).toBe(500);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('stops when cleared', async () => {
    sb.faults.add({ kind: 'status', status: 500 });
    expect((await get(sb, '/accounts')).status).toBe(500);
    sb.faults.clear();
    expect((await get(sb, '/accounts')).status).toBe(200);
  });

  it('is checked before authentication, as a failing gateway would be', async () => {
    sb.faults.add({ kind: 'status', status: 503, count: 1 });
    expectError(await call(sb, '/accounts', { authorization: null }), 503, 'Service unavailable');
  });

  it.each([
    [{ kind: 'explode' }, /^kind must be one of/],
    [{ kind: 'status', endpoint: 'GET /cards' }, /^endpoint must be one of/],
    [{ kind: 'status', count: 0 }, /^count must be/],
    [{ kind: 'status', probability: 2 }, /^probability must be/],
    [{ kind: 'status', status: 200 }, /^status must be an HTTP error status/],
  ])('refuses the malformed rule %j', (rule, message) => {
    expect(() => sb.faults.add(rule as never)).toThrow(message);
  });
});
