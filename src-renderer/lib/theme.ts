// Light or dark: the operator's choice (Settings → Appearance), kept in this window's storage, or by
// default the system's (`prefers-color-scheme`, which the shell's nativeTheme also drives). The page is
// drawn from `data-theme` on <html> (theme-palette.css); a system change applies at once.
import type { ThemeSource } from '../../src-shared/ipc/channels/settings';

const STORAGE_KEY = 'card-desk.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function storedThemeChoice(): ThemeSource {
  try {
    const v = window.localStorage.getItem(STORAGE_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function storeThemeChoice(choice: ThemeSource): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Storage refused: the choice holds for this run.
  }
}

/** The theme a choice draws in now. */
export function resolvedTheme(choice: ThemeSource): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** Draws the page in `choice`; with `system`, follows the system until the returned stop is called. */
export function applyTheme(choice: ThemeSource): () => void {
  const root = document.documentElement;
  const set = () => root.setAttribute('data-theme', resolvedTheme(choice));
  set();
  if (choice !== 'system') return () => undefined;
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', set);
  return () => query.removeEventListener('change', set);
}
