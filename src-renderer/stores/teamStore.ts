// The active environment's team database as main reports it (team.status, team.changed): Settings → Team
// and the status bar read it.
import { create } from 'zustand';
import type { TeamStatus } from '../../src-shared/ipc/channels/team';
import { bridge } from '../lib/bridge';
import { eventOrder } from '../lib/eventOrder';

const told = eventOrder();

interface TeamStore {
  team: TeamStatus | null;
  set(team: TeamStatus): void;
  refresh(): Promise<void>;
  listen(): () => void;
}

export const useTeamStore = create<TeamStore>((set) => ({
  team: null,
  set: (team) => set({ team }),
  async refresh() {
    const r = await told.read(() => bridge().team.status());
    if (r?.ok) set({ team: r.data });
  },
  listen() {
    return bridge().events.on('team.changed', (team) => {
      told.heard();
      set({ team });
    });
  },
}));
