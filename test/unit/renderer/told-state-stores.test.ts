// The stores that ask main for a state and also hear it told (lock, team, approvals, the status bar's app
// status): an answer read before an event and delivered after it must not put the older state back. For the
// lock that would take the lock screen away while main is locked; for approvals the maker's "decided" badge
// would stay away until the next notice. The bridge is a stand-in here (the preload cannot run in Node); each
// answer is held until the test lets it go. Main's ordering of its approvals reads is tested in
// test/unit/approvals/.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApprovalsStatus } from '../../../src-shared/ipc/channels/approvals';
import type { LockState } from '../../../src-shared/ipc/channels/lock';

type Listener = (payload: unknown) => void;

/** A bridge whose state answers wait for `answer`, in the order asked, and whose events `tell` sends. */
function standInBridge() {
  const held: ((data: unknown) => void)[] = [];
  const listeners = new Map<string, Listener>();
  const ask = () => new Promise((resolve) => held.push((data) => resolve({ ok: true, data })));
  const bridge = {
    lock: { state: ask },
    team: { status: ask },
    app: { status: ask },
    approvals: { status: ask },
    events: {
      on: (channel: string, callback: Listener) => {
        listeners.set(channel, callback);
        return () => listeners.delete(channel);
      },
    },
  };
  return {
    bridge,
    answer: (data: unknown) => held.shift()!(data),
    tell: (channel: string, payload: unknown) => listeners.get(channel)!(payload),
  };
}

const lockState = (locked: boolean): LockState =>
  ({ locked, reason: locked ? 'idle' : null, passcodeRequired: false, passcodeSet: false }) as unknown as LockState;

const approvals: ApprovalsStatus = {
  available: true,
  approver: false,
  waitingForMe: 0,
  myWaiting: 1,
  myLastDecisionAt: null,
  changes: 3,
};

let stand: ReturnType<typeof standInBridge>;
beforeEach(() => {
  stand = standInBridge();
  Object.assign(globalThis, { window: { cardDesk: stand.bridge } });
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

/** A store of one told state: how it listens, asks, and reads what it shows. */
interface ToldStore {
  channel: string;
  listen: () => void;
  refresh: () => Promise<void>;
  shown: () => unknown;
}

const stores: Record<string, () => Promise<ToldStore>> = {
  'the team status': async () => {
    const { useTeamStore: s } = await import('../../../src-renderer/stores/teamStore');
    const { listen, refresh } = s.getState();
    return { channel: 'team.changed', listen, refresh, shown: () => s.getState().team };
  },
  'the app status': async () => {
    const { useAppStore: s } = await import('../../../src-renderer/stores/appStore');
    const { listen, refreshStatus: refresh } = s.getState();
    return { channel: 'app.status', listen, refresh, shown: () => s.getState().status };
  },
};

describe('stores that ask for a state and hear it told', () => {
  it('keep the lock told while an older answer was on its way: the lock screen stays', async () => {
    const { useLockStore } = await import('../../../src-renderer/stores/lockStore');
    useLockStore.setState({ lock: null });
    useLockStore.getState().listen();
    const asked = useLockStore.getState().refresh();
    stand.tell('lock.changed', lockState(true));
    stand.answer(lockState(false));
    await asked;
    expect(useLockStore.getState().lock?.locked).toBe(true);
    // With nothing told meanwhile, the answer is taken.
    const again = useLockStore.getState().refresh();
    stand.answer(lockState(false));
    await again;
    expect(useLockStore.getState().lock?.locked).toBe(false);
  });

  it.each(Object.keys(stores))('keep %s told while an older answer was on its way', async (name) => {
    const store = await stores[name]!();
    store.listen();
    const asked = store.refresh();
    stand.tell(store.channel, { connection: 'told' });
    stand.answer({ connection: 'older' });
    await asked;
    expect(store.shown()).toEqual({ connection: 'told' });
  });

  it('keep a decision heard while an older approvals answer was on its way, and show the badge', async () => {
    const { useApprovalsStore, hasUnseenDecision } = await import('../../../src-renderer/stores/approvalsStore');
    useApprovalsStore.setState({ status: null, decisionSeenAt: null });
    useApprovalsStore.getState().listen();
    const asked = useApprovalsStore.getState().refresh();
    const decided = { ...approvals, myWaiting: 0, myLastDecisionAt: '2026-11-29T03:00:05.123Z', changes: 4 };
    stand.tell('approvals.changed', decided);
    stand.answer(approvals);
    await asked;
    expect(useApprovalsStore.getState().status).toEqual(decided);
    expect(hasUnseenDecision(useApprovalsStore.getState())).toBe(true);
  });

  it('take an approvals answer when nothing was told while it was on its way', async () => {
    const { useApprovalsStore } = await import('../../../src-renderer/stores/approvalsStore');
    useApprovalsStore.setState({ status: null, decisionSeenAt: null });
    useApprovalsStore.getState().listen();
    stand.tell('approvals.changed', approvals);
    const same = useApprovalsStore.getState().refresh();
    const counted = { ...approvals, myWaiting: 2 };
    stand.answer(counted);
    await same;
    expect(useApprovalsStore.getState().status).toEqual(counted);
    const more = useApprovalsStore.getState().refresh();
    const later = { ...approvals, myWaiting: 0, changes: 5 };
    stand.answer(later);
    await more;
    expect(useApprovalsStore.getState().status).toEqual(later);
  });
});
