// The read handlers on a real client and sandbox: outputs match the IPC contract, the signal reaches
// the request, cards seen in authorizations and transactions are reported, and nothing throws.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../../src-shared/api/records';
import { contract } from '../../../src-shared/ipc/contract';
import { resultSchema } from '../../../src-shared/ipc/result';
import { apiReadHandlers } from '../../../src-main/cards/service-reads';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import {
  EnvironmentUnavailableError,
  type ActiveEnvironment,
} from '../../../src-main/environments/environment-manager';
import { startRig, type ClientRig } from '../api/support';

let rig: ClientRig;
let active: ActiveEnvironment;
const seenCards: Card[][] = [];
let handlers: ReturnType<typeof apiReadHandlers>;
const ctx = () => ({ signal: new AbortController().signal });

beforeAll(async () => {
  rig = await startRig();
  active = {
    environment: {
      id: 'local-sandbox',
      name: 'Local sandbox',
      baseUrl: rig.sandbox.url,
      builtIn: true,
      hasKey: true,
      keyVerified: true,
    },
    api: rig.client,
    dataDir: '/nonexistent',
  };
  handlers = apiReadHandlers(async () => active, {
    observeCards: (cards) => seenCards.push(cards),
    logger: rig.logger,
  });
});
afterAll(async () => {
  await rig.close();
});

function conforms<C extends keyof typeof contract>(channel: C, result: unknown) {
  const parsed = resultSchema(contract[channel].output).safeParse(result);
  expect(parsed.success, `${channel}: ${JSON.stringify(parsed.error?.issues?.slice(0, 2))}`).toBe(true);
  expect((result as { ok: boolean }).ok, `${channel}: ${JSON.stringify(result).slice(0, 300)}`).toBe(true);
}

describe('apiReadHandlers', () => {
  it('answers every read channel with output the contract accepts', async () => {
    const f = rig.sandbox.fixtures;
    const cardId = f.cards[0]!.id;
    const bank = f.bankAccounts[0]!;
    conforms('customers.list', await handlers['customers.list']({ page: 0, limit: 5 }, ctx()));
    conforms('cards.transactions', await handlers['cards.transactions']({ cardId, limit: 5 }, ctx()));
    conforms('cards.balance', await handlers['cards.balance']({ cardId }, ctx()));
    conforms('accounts.list', await handlers['accounts.list']({ currency: 'ALL' }, ctx()));
    conforms(
      'accounts.nameEnquiry',
      await handlers['accounts.nameEnquiry']({ bankCode: bank.bankCode, accountNumber: bank.accountNumber }, ctx()),
    );
    conforms('authorizations.list', await handlers['authorizations.list']({ limit: 10 }, ctx()));
    conforms('disputes.list', await handlers['disputes.list']({}, ctx()));
    conforms('fundingSources.list', await handlers['fundingSources.list']({}, ctx()));
    conforms('fundingSources.get', await handlers['fundingSources.get']({ id: f.fundingSources[0]!.id }, ctx()));
  });

  it('returns only what the channel promises (no etag)', async () => {
    const r = await handlers['customers.list']({ limit: 2 }, ctx());
    expect(Object.keys(r).sort()).toEqual(['data', 'ok', 'pagination']);
  });

  it('reports the cards embedded in authorizations and transactions', async () => {
    seenCards.length = 0;
    const auths = await handlers['authorizations.list']({ limit: 20 }, ctx());
    if (!auths.ok) throw new Error(auths.error.message);
    const embedded = new Set(auths.data.map((a) => (typeof a.card === 'object' ? a.card._id : null)).filter(Boolean));
    expect(embedded.size).toBeGreaterThan(0);
    expect(seenCards).toHaveLength(1);
    expect(new Set(seenCards[0]!.map((c) => c._id))).toEqual(embedded);
    expect(seenCards[0]!.every((c) => typeof c.customer === 'string')).toBe(true);

    seenCards.length = 0;
    const cardId = rig.sandbox.fixtures.cards[0]!.id;
    const tx = await handlers['cards.transactions']({ cardId, limit: 10 }, ctx());
    if (!tx.ok) throw new Error(tx.error.message);
    expect(tx.data.length).toBeGreaterThan(0);
    expect(tx.data.every((t) => typeof t.card === 'object')).toBe(true);
    expect(seenCards.flat().map((c) => c._id)).toEqual([cardId]);
  });

  it('a failing observer never breaks the answer', async () => {
    const h = apiReadHandlers(async () => active, {
      observeCards: () => {
        throw new Error('index is closed');
      },
    });
    expect((await h['authorizations.list']({ limit: 5 }, ctx())).ok).toBe(true);
  });

  it("passes the call's signal to the request", async () => {
    rig.sandbox.faults.add({ kind: 'hang', endpoint: 'GET /cards/disputes', count: 1 });
    const controller = new AbortController();
    const pending = handlers['disputes.list']({}, { signal: controller.signal });
    // Aborted once the request is held by the sandbox: only the signal can end the call.
    await vi.waitFor(
      () =>
        expect(rig.sandbox.requests().some((r) => r.endpoint === 'GET /cards/disputes' && r.fault === 'hang')).toBe(
          true,
        ),
      { timeout: 30_000 },
    );
    controller.abort();
    const r = await pending;
    expect(r).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    rig.sandbox.faults.clear();
  });

  it('turns thrown errors into Results', async () => {
    const failing = (error: unknown) =>
      apiReadHandlers(async () => {
        throw error;
      });
    expect(await failing(new Error('boom'))['disputes.list']({}, ctx())).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Card Desk could not complete that request. Details are in the log.' },
    });
    expect(
      await failing(
        new EnvironmentUnavailableError({ kind: 'internal', message: 'The local sandbox could not be started.' }),
      )['disputes.list']({}, ctx()),
    ).toEqual({ ok: false, error: { kind: 'internal', message: 'The local sandbox could not be started.' } });
    expect(
      await failing(new KeychainUnavailableError('locked', 'Object does not exist at path'))['cards.balance'](
        { cardId: 'a'.repeat(24) },
        ctx(),
      ),
    ).toMatchObject({ ok: false, error: { kind: 'keychain_unavailable' } });
  });
});
