// Approvals as main reports them (approvals.status, approvals.changed): whether the team database is there
// to ask and decide, whether this login is an approver, and the live counts the navigation shows; for the
// maker, whether one of their requests was decided since they last looked at Approvals (kept per desk).
import { create } from 'zustand';
import type { ApprovalsStatus } from '../../src-shared/ipc/channels/approvals';
import { bridge } from '../lib/bridge';
import { eventOrder } from '../lib/eventOrder';

const told = eventOrder();

const SEEN_KEY = 'card-desk.approvals.decisionSeenAt';

function seenAt(): string | null {
  try {
    return window.localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

interface ApprovalsStore {
  status: ApprovalsStatus | null;
  /** The newest decision on this login's requests the operator has seen (ISO), or null. */
  decisionSeenAt: string | null;
  refresh(): Promise<void>;
  listen(): () => void;
  /** The operator looked at Approvals: the decisions so far are seen. */
  markDecisionsSeen(): void;
}

export const useApprovalsStore = create<ApprovalsStore>((set, get) => ({
  status: null,
  decisionSeenAt: seenAt(),
  async refresh() {
    const r = await told.read(() => bridge().approvals.status());
    if (r?.ok) set({ status: r.data });
  },
  listen() {
    return bridge().events.on('approvals.changed', (status) => {
      told.heard();
      set({ status });
    });
  },
  markDecisionsSeen() {
    const latest = get().status?.myLastDecisionAt ?? null;
    if (!latest || latest === get().decisionSeenAt) return;
    try {
      window.localStorage.setItem(SEEN_KEY, latest);
    } catch {
      // Kept for this run only.
    }
    set({ decisionSeenAt: latest });
  },
}));

/** One of this login's requests was decided or settled since the operator last looked at Approvals. */
export const hasUnseenDecision = (s: Pick<ApprovalsStore, 'status' | 'decisionSeenAt'>): boolean => {
  const latest = s.status?.myLastDecisionAt ?? null;
  return latest !== null && (s.decisionSeenAt === null || latest > s.decisionSeenAt);
};
