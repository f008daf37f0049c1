// Authentication on every operation: the key with or without the Bearer prefix; 401 otherwise. The key
// never appears in the request log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { UNKNOWN_ID, call, clock, expectError } from './api';

const UNAUTHORIZED = 'Unauthorized; provide a valid API key in the Authorization header';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ seed: 3, customers: 20, now: clock, key: 'sk_test_auth_0123456789' });
});
afterAll(() => sb.stop());

const operations: [string, string, unknown?][] = [
  ['GET', '/customers'],
  ['POST', '/cards', {}],
  ['POST', '/accounts', {}],
  ['POST', '/accounts/transfer/name-enquiry', {}],
  ['GET', '/cards/authorizations'],
  ['GET', '/accounts'],
  ['GET', '/cards/disputes'],
  ['GET', `/cards/${UNKNOWN_ID}/transactions`],
  ['GET', '/fundingsources'],
  ['GET', `/fundingsources/${UNKNOWN_ID}`],
  ['GET', `/cards/${UNKNOWN_ID}/balance`],
];

describe('authentication', () => {
  it.each(operations)('%s %s without a key answers 401', async (method, path, body) => {
    expectError(await call(sb, path, { method, body, authorization: null }), 401, UNAUTHORIZED);
  });

  it.each(operations)('%s %s with a wrong key answers 401', async (method, path, body) => {
    expectError(
      await call(sb, path, { method, body, authorization: 'Bearer sk_test_auth_0123456788' }),
      401,
      UNAUTHORIZED,
    );
  });

  it.each([
    ['the Bearer prefix', `Bearer ${'sk_test_auth_0123456789'}`],
    ['a lower-case bearer prefix', 'bearer sk_test_auth_0123456789'],
    ['the bare key', 'sk_test_auth_0123456789'],
  ])('accepts the key with %s', async (_label, authorization) => {
    const a = await call(sb, '/fundingsources', { authorization });
    expect(a.status).toBe(200);
  });

  it.each([
    ['an empty header', ''],
    ['a prefix alone', 'Bearer '],
    ['the key with a suffix', 'Bearer sk_test_auth_0123456789x'],
    ['a prefix of the key', 'Bearer sk_test_auth_012345678'],
    ['another scheme', 'Basic c2tfdGVzdA=='],
  ])('rejects %s', async (_label, authorization) => {
    expectError(await call(sb, '/fundingsources', { authorization }), 401, UNAUTHORIZED);
  });

  it('checks the key before anything else, even on an unknown route', async () => {
    expectError(await call(sb, '/nothing-here', { authorization: null }), 401, UNAUTHORIZED);
    expectError(await call(sb, '/nothing-here'), 404, 'Not found');
  });

  it('logs whether a key was sent but never the key itself', async () => {
    sb.clearRequests();
    await call(sb, '/fundingsources');
    await call(sb, '/fundingsources', { authorization: null });
    await call(sb, '/accounts', { method: 'POST', body: { type: 'account', currency: 'NGN', accountType: 'Current' } });
    const log = sb.requests();
    expect(log.map((e) => [e.method, e.url, e.endpoint, e.status, e.authorized])).toEqual([
      ['GET', '/fundingsources', 'GET /fundingsources', 200, true],
      ['GET', '/fundingsources', 'GET /fundingsources', 401, false],
      ['POST', '/accounts', 'POST /accounts', 200, true],
    ]);
    expect(log[2]!.body).toEqual({ type: 'account', currency: 'NGN', accountType: 'Current' });
    expect(JSON.stringify(log)).not.toContain('sk_test_auth_0123456789');
  });
});
