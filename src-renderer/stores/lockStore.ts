// Whether Card Desk is locked (main's lock.state and lock.changed): the app shows only the lock screen then.
import { create } from 'zustand';
import type { LockState } from '../../src-shared/ipc/channels/lock';
import { bridge } from '../lib/bridge';
import { eventOrder } from '../lib/eventOrder';

const told = eventOrder();

interface LockStore {
  lock: LockState | null;
  refresh(): Promise<void>;
  /** Locks now (the Lock button, Ctrl+L). */
  lockNow(): Promise<void>;
  listen(): () => void;
}

export const useLockStore = create<LockStore>((set) => ({
  lock: null,
  async refresh() {
    const r = await told.read(() => bridge().lock.state());
    if (r?.ok) set({ lock: r.data });
  },
  async lockNow() {
    // Shown at once; main's answer (and its event) confirm it.
    set((s) => ({ lock: s.lock ? { ...s.lock, locked: true, reason: 'command' } : s.lock }));
    const r = await bridge().lock.lock();
    if (r.ok) set({ lock: r.data });
  },
  listen() {
    return bridge().events.on('lock.changed', (lock) => {
      told.heard();
      set({ lock });
    });
  },
}));
