// The test-only control route: absent by default; with enableControlRoute, fault rules and the request
// log can be driven over HTTP with the same key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { call, clock, expectError, get } from './api';

let plain: SandboxHandle;
let controlled: SandboxHandle;
beforeAll(async () => {
  [plain, controlled] = await Promise.all([
    startSandbox({ seed: 2, customers: 10, now: clock }),
    startSandbox({ seed: 2, customers: 10, now: clock, enableControlRoute: true }),
  ]);
});
afterAll(() => Promise.all([plain.stop(), controlled.stop()]));

describe('control route', () => {
  it('does not exist unless enabled', async () => {
    expectError(await get(plain, '/__sandbox/faults'), 404, 'Not found');
    expectError(await call(plain, '/__sandbox/faults', { method: 'POST', body: { kind: 'status' } }), 404, 'Not found');
    expectError(await get(plain, '/__sandbox/requests'), 404, 'Not found');
  });

  it('needs the key', async () => {
    expectError(
      await get(controlled, '/__sandbox/faults', { authorization: null }),
      401,
      'Unauthorized; provide a valid API key in the Authorization header',
    );
  });

  it('adds, lists and clears fault rules', async () => {
    const added = await call(controlled, '/__sandbox/faults', {
      method: 'POST',
      body: { kind: 'status', status: 503, endpoint: 'GET /fundingsources', count: 1 },
    });
    expect(added.status).toBe(200);
    expect((await get(controlled, '/__sandbox/faults')).json.data).toEqual([
      { kind: 'status', status: 503, endpoint: 'GET /fundingsources', count: 1 },
    ]);
    expectError(await get(controlled, '/fundingsources'), 503, 'Service unavailable');
    expect((await get(controlled, '/fundingsources')).status).toBe(200);

    await call(controlled, '/__sandbox/faults', { method: 'POST', body: { kind: 'status', status: 500 } });
    expect((await get(controlled, '/accounts')).status).toBe(500);
    const cleared = await call(controlled, '/__sandbox/faults', { method: 'DELETE' });
    expect(cleared.status).toBe(200);
    expect((await get(controlled, '/accounts')).status).toBe(200);
  });

  it('refuses a malformed rule naming the field', async () => {
    expectError(
      await call(controlled, '/__sandbox/faults', { method: 'POST', body: { kind: 'status', count: -1 } }),
      400,
      /^count must be/,
    );
    expectError(
      await call(controlled, '/__sandbox/faults', { method: 'POST', rawBody: '{' }),
      400,
      'Request body must be JSON',
    );
  });

  it('reads and clears the request log, which leaves out control calls', async () => {
    await call(controlled, '/__sandbox/requests', { method: 'DELETE' });
    await get(controlled, '/customers?limit=2');
    await call(controlled, '/accounts/transfer/name-enquiry', {
      method: 'POST',
      body: { bankCode: '058', accountNumber: '0000000000' },
    });
    const log = (await get(controlled, '/__sandbox/requests')).json.data as any[];
    expect(log.map((e) => [e.method, e.url, e.status])).toEqual([
      ['GET', '/customers?limit=2', 200],
      ['POST', '/accounts/transfer/name-enquiry', 400],
    ]);
    expect(log[1].body).toEqual({ bankCode: '058', accountNumber: '0000000000' });
    expect(JSON.stringify(log)).not.toContain(controlled.key);
    await call(controlled, '/__sandbox/requests', { method: 'DELETE' });
    expect((await get(controlled, '/__sandbox/requests')).json.data).toEqual([]);
    expect(controlled.requests()).toEqual([]);
  });
});
