// The guards a channel declares in the contract, applied by the one dispatcher before its handler: which
// channels are open while Card Desk is locked, and which writes are asked about approval (and with what).
import { describe, expect, it } from 'vitest';
import { contract } from '../../../src-shared/ipc/contract';
import { CHANNEL_NAMES } from '../../../src-shared/ipc/names';
import { err, ok } from '../../../src-shared/ipc/result';
import type { GuardedWrite } from '../../../src-shared/ipc/channels/common';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';
import { TOP } from './dispatcher-fixture';
import { placeholderCardRequest } from '../../support/card-requests';

const card = placeholderCardRequest();

function dispatcherWithGuards(refuse: boolean) {
  const asked: GuardedWrite[] = [];
  const called: string[] = [];
  const handlers = Object.fromEntries(
    CHANNEL_NAMES.map((channel) => [
      channel,
      async () => {
        called.push(channel);
        return ok(null);
      },
    ]),
  ) as unknown as HandlerTable;
  const guards = {
    locked: () => false,
    approvalRefusal: async (write: GuardedWrite) => {
      asked.push(write);
      return refuse ? err('forbidden', 'This card needs approval. Nothing was sent.') : null;
    },
  };
  const dispatch = createDispatcher({ handlers, guards, allowedOrigins: [APP_ORIGIN], cancels: new CancelRegistry() });
  return { dispatch, asked, called };
}

describe('declared guards', () => {
  it('opens only the lock screen’s and the status bar’s channels while locked', () => {
    const open = CHANNEL_NAMES.filter((c) => contract[c].guards.openWhileLocked);
    expect(open.sort()).toEqual([
      'app.cancel',
      'app.status',
      'lock.lock',
      'lock.setPasscode',
      'lock.state',
      'lock.unlock',
    ]);
  });

  it('asks about approval for the writes that may need it, and only those', () => {
    const asking = CHANNEL_NAMES.filter((c) => contract[c].guards.approval);
    expect(asking.sort()).toEqual(['accounts.create', 'bulkIssue.start', 'cards.create']);
  });

  it('asks about the write without the operator’s repeat confirmation, and sends it when it may be sent', async () => {
    const { dispatch, asked, called } = dispatcherWithGuards(false);
    expect(await dispatch('cards.create', TOP, { ...card, confirmRepeat: true })).toEqual({ ok: true, data: null });
    expect(asked).toEqual([{ operation: 'cards.create', input: card }]);
    expect(called).toEqual(['cards.create']);
  });

  it('refuses a write that needs approval without calling its handler', async () => {
    const { dispatch, asked, called } = dispatcherWithGuards(true);
    const batchId = '0b7a3c1e-5d2f-4a8b-9c6d-1e2f3a4b5c6d';
    const refused = await dispatch('bulkIssue.start', TOP, { batchId, cards: 3 });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(asked).toEqual([{ operation: 'bulkIssue', input: { batchId } }]);
    expect(called).toEqual([]);
    expect((await dispatch('accounts.list', TOP, {})).ok).toBe(true);
    expect(called).toEqual(['accounts.list']);
  });
});
