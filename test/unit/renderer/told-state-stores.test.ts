// The stores that ask main for a state and also hear it told (lock, team, the status bar's app status): an
// answer read before an event and delivered after it must not put the older state back. For the lock that
// would take the lock screen away while main is locked. The bridge is a stand-in here (the preload cannot run
// in Node); each answer is held until the test lets it go.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LockState } from '../../../src-shared/ipc/channels/lock';

type Listener = (payload: unknown) => void;

/** A bridge whose `lock.state`, `team.status` and `app.status` answers wait for `answer`, and whose events `tell` sends. */
function standInBridge() {
  const held: ((data: unknown) => void)[] = [];
  const listeners = new Map<string, Listener>();
  const ask = () => new Promise((resolve) => held.push((data) => resolve({ ok: true, data })));
  const bridge = {
    lock: { state: ask },
    team: { status: ask },
    app: { status: ask },
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

let stand: ReturnType<typeof standInBridge>;
beforeEach(() => {
  stand = standInBridge();
  Object.assign(globalThis, { window: { cardDesk: stand.bridge } });
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

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

  it('keep the team status told while an older answer was on its way', async () => {
    const { useTeamStore } = await import('../../../src-renderer/stores/teamStore');
    useTeamStore.getState().listen();
    const asked = useTeamStore.getState().refresh();
    stand.tell('team.changed', { state: 'unreachable' });
    stand.answer({ state: 'connected' });
    await asked;
    expect(useTeamStore.getState().team).toEqual({ state: 'unreachable' });
  });

  it('keep the app status told while an older answer was on its way', async () => {
    const { useAppStore } = await import('../../../src-renderer/stores/appStore');
    useAppStore.getState().listen();
    const asked = useAppStore.getState().refreshStatus();
    stand.tell('app.status', { connection: 'offline' });
    stand.answer({ connection: 'online' });
    await asked;
    expect(useAppStore.getState().status).toEqual({ connection: 'offline' });
  });
});
