// The navigation's approvals status in the window: an answer to `approvals.status` that main read before a
// notice it has since told the window of (`approvals.changed`) must not put the older counts back, or the
// maker's "decided" badge would stay away until the next notice. The bridge is a stand-in here (the preload
// cannot run in Node); main's ordering of its reads is tested in test/unit/approvals/.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalsStatus } from '../../../src-shared/ipc/channels/approvals';

const base: ApprovalsStatus = {
  available: true,
  approver: false,
  waitingForMe: 0,
  myWaiting: 1,
  myLastDecisionAt: null,
  changes: 3,
};

/** A bridge whose status answer is held until released, and whose `approvals.changed` can be sent. */
function standInBridge() {
  let release: (status: ApprovalsStatus) => void = () => {};
  let listener: (status: ApprovalsStatus) => void = () => {};
  const bridge = {
    approvals: {
      status: () =>
        new Promise<{ ok: true; data: ApprovalsStatus }>((resolve) => {
          release = (data) => resolve({ ok: true, data });
        }),
    },
    events: {
      on: (_channel: string, callback: (status: ApprovalsStatus) => void) => {
        listener = callback;
        return () => {};
      },
    },
  };
  return { bridge, answer: (s: ApprovalsStatus) => release(s), notice: (s: ApprovalsStatus) => listener(s) };
}

async function freshStore() {
  const { useApprovalsStore, hasUnseenDecision } = await import('../../../src-renderer/stores/approvalsStore');
  useApprovalsStore.setState({ status: null, decisionSeenAt: null });
  return { store: useApprovalsStore, hasUnseenDecision };
}

describe('approvals store', () => {
  let stand: ReturnType<typeof standInBridge>;
  beforeEach(() => {
    stand = standInBridge();
    Object.assign(globalThis, { window: { cardDesk: stand.bridge } });
  });
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('keeps a decision heard while an older answer was on its way, and shows the badge', async () => {
    const { store, hasUnseenDecision } = await freshStore();
    store.getState().listen();
    const asked = store.getState().refresh();
    const decided = { ...base, myWaiting: 0, myLastDecisionAt: '2026-11-29T03:00:05.123Z', changes: 4 };
    stand.notice(decided);
    stand.answer(base);
    await asked;
    expect(store.getState().status).toEqual(decided);
    expect(hasUnseenDecision(store.getState())).toBe(true);
  });

  it('takes an answer that has heard as many notices as the status shown, or more', async () => {
    const { store } = await freshStore();
    store.getState().listen();
    stand.notice(base);
    const same = store.getState().refresh();
    const counted = { ...base, myWaiting: 2 };
    stand.answer(counted);
    await same;
    expect(store.getState().status).toEqual(counted);
    const more = store.getState().refresh();
    const later = { ...base, myWaiting: 0, changes: 5 };
    stand.answer(later);
    await more;
    expect(store.getState().status).toEqual(later);
  });
});
