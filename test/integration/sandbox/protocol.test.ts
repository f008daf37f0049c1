// What every answer shares: JSON with an explicit charset, the envelope, 404 for what is not an
// operation, and a bound on request bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { call, clock, expectError, get, post } from './api';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ seed: 4, customers: 30, now: clock });
});
afterAll(() => sb.stop());

describe('protocol', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/cards'],
    ['GET', '/customers/'],
    ['DELETE', '/customers'],
    ['PUT', '/cards'],
    ['GET', '/cards/authorizations/extra'],
    ['POST', '/fundingsources'],
  ])('%s %s is not an operation: 404', async (method, path) => {
    expectError(await call(sb, path, { method }), 404, 'Not found');
  });

  it('refuses a body over 1 MB with 413 and creates nothing', async () => {
    const before = (await get(sb, '/accounts')).json.pagination.total;
    const a = await call(sb, '/accounts', {
      method: 'POST',
      rawBody: JSON.stringify({
        type: 'account',
        currency: 'NGN',
        accountType: 'Current',
        padding: 'x'.repeat(1_100_000),
      }),
    });
    expectError(a, 413, 'Request body is too large');
    expect((await get(sb, '/accounts')).json.pagination.total).toBe(before);
  });

  it('answers JSON with a charset everywhere, including 304', async () => {
    const first = await get(sb, '/customers?limit=5');
    const notModified = await get(sb, '/customers?limit=5', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    });
    expect(notModified.status).toBe(304);
    const answers = [
      first,
      notModified,
      await get(sb, `/fundingsources/${sb.fixtures.fundingSources[0]!.id}`),
      await get(sb, `/cards/${sb.fixtures.cards[0]!.id}/balance`),
      await post(sb, '/accounts/transfer/name-enquiry', sb.fixtures.bankAccounts[0]),
      await get(sb, '/customers', { authorization: null }),
      await get(sb, '/nowhere'),
    ];
    for (const a of answers) expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers a single record without pagination and a list with it', async () => {
    const one = await get(sb, `/fundingsources/${sb.fixtures.fundingSources[0]!.id}`);
    expect(Object.keys(one.json).sort()).toEqual(['data', 'message', 'statusCode']);
    const list = await get(sb, '/fundingsources');
    expect(Object.keys(list.json).sort()).toEqual(['data', 'message', 'pagination', 'statusCode']);
  });

  it('listens on the loopback interface only', () => {
    expect(new URL(sb.url).hostname).toBe('127.0.0.1');
  });
});
