// The theme chosen in Settings, applied to the page and told to the shell (menus, frames, and the
// page's prefers-color-scheme follow it in Electron).
import { create } from 'zustand';
import type { ThemeSource } from '../../src-shared/ipc/channels/settings';
import { bridge } from '../lib/bridge';
import { applyTheme, storeThemeChoice, storedThemeChoice } from '../lib/theme';

interface ThemeState {
  choice: ThemeSource;
  /** Applies the stored choice at start-up; returns the stop for a `system` listener. */
  start(): () => void;
  choose(choice: ThemeSource): void;
}

let stop: () => void = () => undefined;

function apply(choice: ThemeSource): void {
  stop();
  stop = applyTheme(choice);
  void bridge()
    .app.setTheme({ source: choice })
    .catch(() => undefined);
}

export const useThemeStore = create<ThemeState>((set) => ({
  choice: storedThemeChoice(),
  start() {
    apply(useThemeStore.getState().choice);
    return () => stop();
  },
  choose(choice) {
    storeThemeChoice(choice);
    set({ choice });
    apply(choice);
  },
}));
