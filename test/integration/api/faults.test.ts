// Every fault the sandbox can inject, and what the client makes of it: the error kind and message,
// retries for GETs only, Retry-After honoured, a dropped POST reported as outcome unknown and never resent.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreateCardRequest } from '../../../src-shared/api/requests';
import { sleep, type Sleep } from '../../../src-main/api/backoff';
import { UNREADABLE_RESPONSE } from '../../../src-main/api/failures';
import type { SandboxEndpoint } from '../../../src-main/sandbox/handle';
import { virtualCardRequest } from '../../support/card-requests';
import { FAST, recordingBudget, requestsTo, startRig, type ClientRig } from './support';

let rig: ClientRig;
beforeAll(async () => {
  rig = await startRig();
});
afterEach(() => {
  rig.sandbox.faults.clear();
  rig.sandbox.clearRequests();
});
afterAll(async () => {
  await rig.close();
});

const DISPUTES: SandboxEndpoint = 'GET /cards/disputes';
const CARDS: SandboxEndpoint = 'POST /cards';
const card = (): CreateCardRequest => virtualCardRequest(rig.sandbox.fixtures);
/** The waits the client chose (backoff, Retry-After, the rate-limit window), through the real sleep. */
function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms, signal) => {
      waits.push(ms);
      return sleep(ms, signal);
    },
  };
}
/** Aborts once the sandbox has received `count` requests to `endpoint`: the call is then under way. */
async function abortOnceSent(controller: AbortController, endpoint: SandboxEndpoint, count = 1): Promise<void> {
  await vi.waitFor(() => expect(requestsTo(rig.sandbox, endpoint).length).toBeGreaterThanOrEqual(count), {
    timeout: 60_000,
  });
  controller.abort();
}

describe('latency', () => {
  it('a slow answer within the timeouts is just slow', async () => {
    rig.sandbox.faults.add({ kind: 'latency', endpoint: DISPUTES, ms: 250 });
    const { sleep, waits } = recordingSleep();
    const value = await rig.makeClient({ sleep, timeouts: { headersMs: 10_000, totalMs: 10_000 } }).listDisputes({});
    expect(value.ok).toBe(true);
    expect(waits).toEqual([]);
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(1);
  });
});

describe('server errors', () => {
  for (const status of [500, 502, 503]) {
    it(`a GET that gets ${status} once is retried and succeeds`, async () => {
      rig.sandbox.faults.add({ kind: 'status', endpoint: DISPUTES, status, count: 1 });
      const r = await rig.makeClient().listDisputes({});
      expect(r.ok).toBe(true);
      expect(requestsTo(rig.sandbox, DISPUTES).map((q) => q.status)).toEqual([status, 200]);
    });
  }

  it('a GET that keeps failing gives up after the attempts with a server error', async () => {
    rig.sandbox.faults.add({ kind: 'status', endpoint: DISPUTES, status: 503 });
    const r = await rig.makeClient().listDisputes({});
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'server', status: 503, message: expect.stringContaining('HTTP 503') },
    });
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(FAST.retry.maxAttempts);
  });

  it('402 is a server error and is not retried', async () => {
    rig.sandbox.faults.add({ kind: 'status', endpoint: DISPUTES, status: 402 });
    const r = await rig.makeClient().listDisputes({});
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'server', status: 402, message: expect.stringContaining('402') },
    });
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(1);
  });

  it('a POST that gets 500 is never retried, and its outcome is unknown: the service may have made the card', async () => {
    rig.sandbox.faults.add({ kind: 'status', endpoint: CARDS, status: 500, count: 1 });
    const r = await rig.makeClient().createCard(card());
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'outcome_unknown',
        status: 500,
        message: expect.stringContaining('may or may not have been created'),
      },
    });
    expect(requestsTo(rig.sandbox, CARDS)).toHaveLength(1);
  });

  for (const status of [502, 503, 504]) {
    it(`a POST answered ${status} by a gateway is an unknown outcome too`, async () => {
      rig.sandbox.faults.add({ kind: 'status', endpoint: CARDS, status, count: 1 });
      const r = await rig.makeClient().createCard(card());
      expect(r).toMatchObject({ ok: false, error: { kind: 'outcome_unknown', status } });
      expect(requestsTo(rig.sandbox, CARDS)).toHaveLength(1);
    });
  }

  it('a POST turned down with a readable 400 is a definite failure naming its field', async () => {
    const r = await rig.makeClient().createCard({ ...card(), customerId: '0'.repeat(24) });
    expect(!r.ok && r.error.kind).not.toBe('outcome_unknown');
    expect(!r.ok && r.error.status).toBeGreaterThanOrEqual(400);
  });
});

describe('rate limiting (429)', () => {
  it('a GET waits as long as Retry-After says, then succeeds', async () => {
    rig.sandbox.faults.add({ kind: 'rate_limit', endpoint: DISPUTES, retryAfterSeconds: 1, count: 1 });
    const r = await rig.makeClient().listDisputes({});
    expect(r.ok).toBe(true);
    const [first, second] = requestsTo(rig.sandbox, DISPUTES);
    expect([first?.status, second?.status]).toEqual([429, 200]);
    const waited = Date.parse(second!.at) - Date.parse(first!.at);
    // The sandbox's own log: the retry did not come before the wait it asked for (how much later is the
    // machine's load, not the client's choice).
    expect(waited).toBeGreaterThanOrEqual(990);
  });

  it('a GET still limited after every attempt is rate_limited with the wait', async () => {
    rig.sandbox.faults.add({ kind: 'rate_limit', endpoint: DISPUTES, retryAfterSeconds: 1 });
    const r = await rig.makeClient().listDisputes({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'rate_limited', status: 429, retryAfterMs: 1_000 } });
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(FAST.retry.maxAttempts);
  });

  it('a wait longer than the client will honour is returned at once', async () => {
    rig.sandbox.faults.add({ kind: 'rate_limit', endpoint: DISPUTES, retryAfterSeconds: 30 });
    const { sleep, waits } = recordingSleep();
    const value = await rig.makeClient({ sleep }).listDisputes({});
    expect(value).toMatchObject({
      ok: false,
      error: { kind: 'rate_limited', retryAfterMs: 30_000, message: expect.stringContaining('30 s') },
    });
    expect(waits).toEqual([]);
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(1);
  });

  it('a POST that gets 429 is not retried', async () => {
    rig.sandbox.faults.add({ kind: 'rate_limit', endpoint: CARDS, retryAfterSeconds: 1, count: 1 });
    const r = await rig.makeClient().createCard(card());
    expect(r).toMatchObject({ ok: false, error: { kind: 'rate_limited', retryAfterMs: 1_000 } });
    expect(requestsTo(rig.sandbox, CARDS)).toHaveLength(1);
  });

  it('after a 429 the next call waits for the window instead of sending into another 429', async () => {
    const { sleep, waits: sleeps } = recordingSleep();
    const { budget, holds: waits } = recordingBudget();
    const client = rig.makeClient({ sleep, budget });
    rig.sandbox.faults.add({ kind: 'rate_limit', endpoint: CARDS, retryAfterSeconds: 1, count: 1 });
    await client.createCard(card());
    expect(waits).toEqual([]);
    const value = await client.listDisputes({});
    expect(value.ok).toBe(true);
    // The budget held the call for the 429's wait; the client itself slept for nothing.
    expect(sleeps).toEqual([]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(1_000);
    expect(requestsTo(rig.sandbox, DISPUTES).map((q) => q.status)).toEqual([200]);
  });
});

describe('connections that break', () => {
  it('reset: a GET is retried and succeeds', async () => {
    rig.sandbox.faults.add({ kind: 'reset', endpoint: DISPUTES, count: 1 });
    const r = await rig.makeClient().listDisputes({});
    expect(r.ok).toBe(true);
  });

  it('reset on every attempt: a GET ends as a network error', async () => {
    rig.sandbox.faults.add({ kind: 'reset', endpoint: DISPUTES });
    const r = await rig.makeClient().listDisputes({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'network', message: expect.stringContaining('connection') } });
  });

  it('reset on a POST: the client cannot know it was not processed, so the outcome is unknown', async () => {
    rig.sandbox.faults.add({ kind: 'reset', endpoint: CARDS, count: 1 });
    const r = await rig.makeClient().createCard(card());
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'outcome_unknown', message: expect.stringContaining('the card may or may not have been created') },
    });
    expect(requestsTo(rig.sandbox, CARDS).length).toBeLessThanOrEqual(1);
  });

  it('drop_after_processing on POST /cards: outcome unknown, and exactly one POST reached the sandbox', async () => {
    rig.sandbox.faults.add({ kind: 'drop_after_processing', endpoint: CARDS, count: 1 });
    const r = await rig.makeClient().createCard(card());
    expect(r).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
    expect(r.ok || r.error.message).toMatch(/the card may or may not have been created/);
    expect(requestsTo(rig.sandbox, CARDS)).toHaveLength(1);
    expect(requestsTo(rig.sandbox, CARDS)[0]!.fault).toBe('drop_after_processing');
  });

  it('drop_after_processing on POST /accounts names the account', async () => {
    rig.sandbox.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /accounts', count: 1 });
    const r = await rig.makeClient().createAccount({
      type: 'wallet',
      currency: 'NGN',
      accountType: 'Savings',
      customerId: rig.sandbox.fixtures.sampleCustomerIds[0]!,
    });
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'outcome_unknown',
        message: expect.stringContaining('the wallet may or may not have been created'),
      },
    });
    expect(requestsTo(rig.sandbox, 'POST /accounts')).toHaveLength(1);
  });

  it('drop_after_processing on a GET is retried (reads change nothing)', async () => {
    rig.sandbox.faults.add({ kind: 'drop_after_processing', endpoint: DISPUTES, count: 1 });
    const r = await rig.makeClient().listDisputes({});
    expect(r.ok).toBe(true);
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(2);
  });

  it('a lost connection on name enquiry (a POST that creates nothing) is a network error, not retried', async () => {
    rig.sandbox.faults.add({
      kind: 'drop_after_processing',
      endpoint: 'POST /accounts/transfer/name-enquiry',
      count: 1,
    });
    const known = rig.sandbox.fixtures.bankAccounts[0]!;
    const r = await rig.makeClient().nameEnquiry({ bankCode: known.bankCode, accountNumber: known.accountNumber });
    expect(r).toMatchObject({ ok: false, error: { kind: 'network' } });
    expect(requestsTo(rig.sandbox, 'POST /accounts/transfer/name-enquiry')).toHaveLength(1);
  });
});

describe('no answer (hang)', () => {
  it('a GET times out on each attempt and ends as a timeout', async () => {
    rig.sandbox.faults.add({ kind: 'hang', endpoint: DISPUTES });
    const value = await rig.makeClient().listDisputes({});
    expect(value).toMatchObject({
      ok: false,
      error: {
        kind: 'timeout',
        message: expect.stringMatching(/did not answer: 3 tries in [\d.]+ s, each waiting up to 0\.4 s\./),
      },
    });
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(FAST.retry.maxAttempts);
  });

  it('a GET that hangs once is retried and succeeds', async () => {
    rig.sandbox.faults.add({ kind: 'hang', endpoint: DISPUTES, count: 1 });
    expect((await rig.makeClient().listDisputes({})).ok).toBe(true);
  });

  it('a POST that hangs is not retried: outcome unknown', async () => {
    rig.sandbox.faults.add({ kind: 'hang', endpoint: CARDS, count: 1 });
    const r = await rig.makeClient().createCard(card());
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'outcome_unknown', message: expect.stringContaining('may or may not have been created') },
    });
    expect(requestsTo(rig.sandbox, CARDS).length).toBeLessThanOrEqual(1);
  });

  it('the total timeout applies even when it is shorter than the headers timeout', async () => {
    rig.sandbox.faults.add({ kind: 'hang', endpoint: DISPUTES, count: 1 });
    const client = rig.makeClient({ timeouts: { headersMs: 20_000, totalMs: 300 }, retry: { maxAttempts: 1 } });
    const value = await client.listDisputes({});
    // The limit that ran out is the one the message quotes: the total's 0.3 s (rounded up to 1 s), not 20 s.
    expect(value).toMatchObject({
      ok: false,
      error: { kind: 'timeout', message: expect.stringContaining('within 1 s') },
    });
  });
});

describe('answers that cannot be read', () => {
  for (const kind of ['malformed_json', 'wrong_envelope'] as const) {
    it(`${kind}: a server error saying the response could not be read`, async () => {
      rig.sandbox.faults.add({ kind, endpoint: DISPUTES, count: 1 });
      const r = await rig.makeClient().listDisputes({});
      expect(r).toEqual({ ok: false, error: { kind: 'server', message: UNREADABLE_RESPONSE, status: 200 } });
      expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(1);
    });
  }
  for (const kind of ['malformed_json', 'wrong_envelope'] as const) {
    it(`${kind} on a POST: accepted (200) but unreadable, so never an invitation to resend`, async () => {
      rig.sandbox.faults.add({ kind, endpoint: CARDS, count: 1 });
      expect(await rig.makeClient().createCard(card())).toMatchObject({
        ok: false,
        error: {
          kind: 'outcome_unknown',
          status: 200,
          message: expect.stringContaining('the card was probably created'),
        },
      });
      expect(requestsTo(rig.sandbox, CARDS)).toHaveLength(1);
    });
  }
});

describe('cancellation', () => {
  // Every wait below is ten minutes: only the abort can end the call before the test's own timeout.
  const LONG = 600_000;

  it('aborting during the backoff between retries stops at once, with nothing more sent', async () => {
    rig.sandbox.faults.add({ kind: 'status', endpoint: DISPUTES, status: 503 });
    const { sleep, waits } = recordingSleep();
    const client = rig.makeClient({
      sleep,
      // The call's limit far above the backoff (LONG / 2 to LONG, by chance): a backoff that would end
      // within the headers' time of the limit is not slept but given up, which is not what this tests.
      timeouts: { callMs: 4 * LONG },
      retry: { maxAttempts: 5, baseDelayMs: LONG, maxDelayMs: LONG },
    });
    const controller = new AbortController();
    const pending = client.listDisputes({}, { signal: controller.signal });
    await vi.waitFor(() => expect(waits).toHaveLength(1), { timeout: 60_000 }); // one request first, however busy the machine
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: { kind: 'cancelled', message: 'The request was cancelled.' } });
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(1);
  });

  it('aborting during a Retry-After wait stops at once', async () => {
    rig.sandbox.faults.add({ kind: 'rate_limit', endpoint: DISPUTES, retryAfterSeconds: LONG / 1000 });
    const { sleep, waits } = recordingSleep();
    const client = rig.makeClient({ sleep, retry: { ...FAST.retry, maxWaitMs: LONG } });
    const controller = new AbortController();
    const pending = client.listDisputes({}, { signal: controller.signal });
    await vi.waitFor(() => expect(waits).toHaveLength(1), { timeout: 60_000 }); // one request first, however busy the machine
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(1);
  });

  it('aborting a GET in flight cancels it', async () => {
    rig.sandbox.faults.add({ kind: 'hang', endpoint: DISPUTES });
    const client = rig.makeClient({ timeouts: { headersMs: LONG, totalMs: LONG, callMs: LONG } });
    const controller = new AbortController();
    const pending = client.listDisputes({}, { signal: controller.signal });
    await abortOnceSent(controller, DISPUTES);
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(requestsTo(rig.sandbox, DISPUTES)).toHaveLength(1);
  });

  it('aborting a POST in flight leaves its outcome unknown (it may have been received)', async () => {
    rig.sandbox.faults.add({ kind: 'hang', endpoint: CARDS, count: 1 });
    const client = rig.makeClient({ timeouts: { headersMs: LONG, totalMs: LONG, callMs: LONG } });
    const controller = new AbortController();
    const pending = client.createCard(card(), { signal: controller.signal });
    await abortOnceSent(controller, CARDS);
    const r = await pending;
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'outcome_unknown', message: expect.stringContaining('cancelled after Card Desk sent it') },
    });
  });

  it('an already aborted signal sends nothing', async () => {
    const r = await rig.makeClient().createCard(card(), { signal: AbortSignal.abort() });
    expect(r).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(requestsTo(rig.sandbox, CARDS)).toHaveLength(0);
  });
});

describe('the log', () => {
  it('records each attempt (method, path, status, ms, attempt) and never a header or the key', async () => {
    rig.sandbox.faults.add({ kind: 'status', endpoint: DISPUTES, status: 502, count: 1 });
    await rig.makeClient().listDisputes({ page: 0, limit: 7 });
    const lines = (await rig.readLog())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const calls = lines.filter((l) => l.msg === 'api call' && l.path === '/cards/disputes?page=0&limit=7');
    expect(calls.map((c) => [c.method, c.status, c.attempt, c.outcome])).toEqual([
      ['GET', 502, 1, 'server'],
      ['GET', 200, 2, 'ok'],
    ]);
    expect(calls.every((c) => typeof c.ms === 'number')).toBe(true);
    const text = await rig.readLog();
    expect(text).not.toContain(rig.sandbox.key);
    expect(text.toLowerCase()).not.toContain('bearer');
  });
});
