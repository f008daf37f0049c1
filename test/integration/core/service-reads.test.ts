// The channels that read the service, each answered by the room that owns its namespace (customers, cards,
// accounts, activity), on a real client and sandbox, through the IPC dispatcher: outputs match the contract,
// the signal reaches the request, the cards seen in authorizations and transactions join a real known-cards
// index, listing disputes reads nothing else (their transactions are looked for when asked for), and a throw
// becomes a Result at the one error boundary.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contract, type Channel } from '../../../src-shared/ipc/contract';
import { resultSchema, type Result } from '../../../src-shared/ipc/result';
import { activityHandlers } from '../../../src-main/activity/handlers';
import { openKnownCards, type KnownCards } from '../../../src-main/cards/known-cards';
import { CardObservations } from '../../../src-main/cards/observations';
import { openSeenTransactions, type SeenTransactions } from '../../../src-main/cards/seen-transactions';
import {
  EnvironmentUnavailableError,
  type ActiveEnvironment,
} from '../../../src-main/environments/environment-manager';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';
import { startRig, type ClientRig } from '../api/support';
import { serviceReadHandlers } from '../support/read-handlers';

const SENDER = { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true };
let rig: ClientRig;
let active: ActiveEnvironment;
let folder: string;
let known: KnownCards;
let seen: SeenTransactions;
let observations: CardObservations;

/** The read channels of the four rooms, on `getActive`, with `observations` teaching the card indexes. */
function readDispatcher(getActive: () => Promise<ActiveEnvironment>, observations?: CardObservations) {
  const handlers = serviceReadHandlers(getActive, { knownCards: known, ...(observations ? { observations } : {}) });
  const dispatch = createDispatcher({
    handlers: handlers as unknown as HandlerTable,
    allowedOrigins: [APP_ORIGIN],
    cancels: new CancelRegistry(),
    logger: rig.logger,
  });
  return <C extends Channel>(channel: C, input: unknown) => dispatch(channel, SENDER, input);
}

let read: ReturnType<typeof readDispatcher>;

beforeAll(async () => {
  rig = await startRig();
  folder = mkdtempSync(join(tmpdir(), 'service-reads-'));
  known = openKnownCards({ folder });
  seen = openSeenTransactions({ folder });
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
    dataDir: folder,
  };
  observations = new CardObservations({
    getKnownCards: async () => known,
    getSeenTransactions: async () => seen,
    logger: rig.logger,
  });
  read = readDispatcher(async () => active, observations);
});
afterAll(async () => {
  known?.close();
  seen?.close();
  await rig.close();
  rmSync(folder, { recursive: true, force: true });
});

function conforms<C extends Channel>(channel: C, result: Result<unknown>) {
  const parsed = resultSchema(contract[channel].output).safeParse(result);
  expect(parsed.success, `${channel}: ${JSON.stringify(parsed.error?.issues?.slice(0, 2))}`).toBe(true);
  expect(result.ok, `${channel}: ${JSON.stringify(result).slice(0, 300)}`).toBe(true);
}

describe('the service reads', () => {
  it('answers every read channel with output the contract accepts', async () => {
    const f = rig.sandbox.fixtures;
    const cardId = f.cards[0]!.id;
    const bank = f.bankAccounts[0]!;
    conforms('customers.list', await read('customers.list', { page: 0, limit: 5 }));
    conforms('cards.transactions', await read('cards.transactions', { cardId, limit: 5 }));
    conforms('cards.balance', await read('cards.balance', { cardId }));
    conforms('accounts.list', await read('accounts.list', { currency: 'ALL' }));
    conforms(
      'accounts.nameEnquiry',
      await read('accounts.nameEnquiry', { bankCode: bank.bankCode, accountNumber: bank.accountNumber }),
    );
    conforms('authorizations.list', await read('authorizations.list', { limit: 10 }));
    conforms('disputes.list', await read('disputes.list', {}));
    conforms('fundingSources.list', await read('fundingSources.list', {}));
    conforms('fundingSources.get', await read('fundingSources.get', { id: f.fundingSources[0]!.id }));
  });

  it('returns only what the channel promises (no etag)', async () => {
    const r = await read('customers.list', { limit: 2 });
    expect(Object.keys(r).sort()).toEqual(['data', 'ok', 'pagination']);
  });

  it('indexes the cards embedded in authorizations and transactions, and the transactions read', async () => {
    const auths = await read('authorizations.list', { limit: 20 });
    if (!auths.ok) throw new Error(auths.error.message);
    const data = auths.data as { card?: unknown }[];
    const embedded = data.map((a) => (a.card && typeof a.card === 'object' ? (a.card as { _id: string })._id : null));
    const ids = [...new Set(embedded.filter((id): id is string => id !== null))];
    expect(ids.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(ids.filter((id) => known.get(id) !== null)).toEqual(ids), { timeout: 30_000 });
    expect(ids.every((id) => typeof known.get(id)!.customer === 'string')).toBe(true);

    const cardId = rig.sandbox.fixtures.cards[0]!.id;
    const tx = await read('cards.transactions', { cardId, limit: 10 });
    if (!tx.ok) throw new Error(tx.error.message);
    const transactions = tx.data as { _id: string; card?: unknown }[];
    expect(transactions.length).toBeGreaterThan(0);
    expect(transactions.every((t) => typeof t.card === 'object')).toBe(true);
    await vi.waitFor(() => expect(known.get(cardId)).not.toBeNull(), { timeout: 30_000 });
    const txIds = transactions.map((t) => t._id);
    await vi.waitFor(() => expect(seen.getMany(txIds).length).toBe(txIds.length), { timeout: 30_000 });
  });

  it('a card index that cannot be opened never breaks the answer', async () => {
    const broken = new CardObservations({
      getKnownCards: async () => {
        throw new Error('index is closed');
      },
      getSeenTransactions: async () => {
        throw new Error('index is closed');
      },
    });
    const readBroken = readDispatcher(async () => active, broken);
    expect((await readBroken('authorizations.list', { limit: 5 })).ok).toBe(true);
    expect((await readBroken('cards.transactions', { cardId: rig.sandbox.fixtures.cards[0]!.id })).ok).toBe(true);
  });

  it("passes the call's signal to the request", async () => {
    rig.sandbox.faults.add({ kind: 'hang', endpoint: 'GET /cards/disputes', count: 1 });
    const controller = new AbortController();
    const handlers = activityHandlers({ getActive: async () => active });
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

  it('turns thrown errors into Results at the dispatcher', async () => {
    const failing = (error: unknown) =>
      readDispatcher(async () => {
        throw error;
      });
    expect(await failing(new Error('boom'))('disputes.list', {})).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Card Desk could not complete that request. Details are in the log.' },
    });
    expect(
      await failing(
        new EnvironmentUnavailableError({ kind: 'internal', message: 'The local sandbox could not be started.' }),
      )('disputes.list', {}),
    ).toEqual({ ok: false, error: { kind: 'internal', message: 'The local sandbox could not be started.' } });
    expect(
      await failing(new KeychainUnavailableError('locked', 'Object does not exist at path'))('cards.balance', {
        cardId: 'a'.repeat(24),
      }),
    ).toMatchObject({ ok: false, error: { kind: 'keychain_unavailable' } });
  });

  it('lists disputes without reading anything else; their transactions are looked for when asked for', async () => {
    const endpoints = () => rig.sandbox.requests().map((r) => r.endpoint);
    rig.sandbox.clearRequests();
    const listed = await read('disputes.list', { limit: 25 });
    if (!listed.ok) throw new Error(listed.error.message);
    const ids = [...new Set((listed.data as { transaction?: string }[]).map((d) => d.transaction!))];
    expect(ids.length).toBeGreaterThan(2);
    // A search the list had started would be under way now: wait for it before reading the service's log.
    await observations.transactionsSettled(ids);
    expect(endpoints()).toEqual(['GET /cards/disputes']);

    await observations.findTransactions(ids);
    expect(endpoints()).toContain('GET /cards/:id/transactions');
    expect(
      seen
        .getMany(ids)
        .map((t) => t.id)
        .sort(),
    ).toEqual([...ids].sort());
    // Found once: asking again reads nothing.
    rig.sandbox.clearRequests();
    await observations.findTransactions(ids);
    expect(endpoints()).toEqual([]);
  });
});
