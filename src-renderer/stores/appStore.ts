// App-wide state: the active environment, connection and rate limit (from main's `app.status`).
import { create } from 'zustand';
import type { AppStatus } from '../../src-shared/ipc/channels/settings';
import type { SyncProgress } from '../../src-shared/ipc/channels/customers';
import { bridge } from '../lib/bridge';
import { eventOrder } from '../lib/eventOrder';

const told = eventOrder();

interface AppState {
  status: AppStatus | null;
  statusError: string | null;
  syncProgress: SyncProgress | null;
  refreshStatus(): Promise<void>;
  /** Subscribes to main's events; returns the unsubscribe. */
  listen(): () => void;
}

export const useAppStore = create<AppState>((set) => ({
  status: null,
  statusError: null,
  syncProgress: null,
  async refreshStatus() {
    const r = await told.read(() => bridge().app.status());
    if (r?.ok) set({ status: r.data, statusError: null });
    else if (r) set({ statusError: r.error.message });
  },
  listen() {
    const offStatus = bridge().events.on('app.status', (status) => {
      told.heard();
      set({ status, statusError: null });
    });
    const offSync = bridge().events.on('customers.syncProgress', (p) => set({ syncProgress: p }));
    return () => {
      offStatus();
      offSync();
    };
  },
}));
