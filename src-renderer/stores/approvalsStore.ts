// Approvals as main reports them (approvals.status, approvals.changed): whether the team database is there
// to ask and decide, whether this login is an approver, and the live counts the navigation shows.
import { create } from 'zustand';
import type { ApprovalsStatus } from '../../src-shared/ipc/channels/approvals';
import { bridge } from '../lib/bridge';

interface ApprovalsStore {
  status: ApprovalsStatus | null;
  refresh(): Promise<void>;
  listen(): () => void;
}

export const useApprovalsStore = create<ApprovalsStore>((set) => ({
  status: null,
  async refresh() {
    const r = await bridge().approvals.status();
    if (r.ok) set({ status: r.data });
  },
  listen() {
    return bridge().events.on('approvals.changed', (status) => set({ status }));
  },
}));
