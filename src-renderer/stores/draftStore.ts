// Work in progress kept across a lock: the pages are unmounted while Card Desk is locked (no customer's data
// in the window), so a write dialog that was open hands what was typed to this store as it goes, and the app
// opens it again, as it was, once unlocked. Kept in the renderer's memory only: never written to disk, gone
// when the window closes.
import { create } from 'zustand';

export interface KeptDraft {
  /** Which dialog, and the title it had. */
  kind: 'issue-card' | 'open-account';
  title: string;
  /** What the dialog was opened with (its customer, the card it replaces). */
  props: Record<string, unknown>;
  /** The dialog's own state: its step, choices and the form's values. */
  state: unknown;
}

interface DraftStore {
  draft: KeptDraft | null;
  keep(draft: KeptDraft): void;
  clear(): void;
}

export const useDraftStore = create<DraftStore>((set) => ({
  draft: null,
  keep: (draft) => set({ draft }),
  clear: () => set({ draft: null }),
}));
