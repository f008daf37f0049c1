// The main window, built from the pure security baseline in ../security/renderer-baseline.ts.
import { BrowserWindow, shell, type WebContents } from 'electron';
import { allowNavigation, windowOpenDecision } from '../security/renderer-baseline';

/** Refuses navigation, new windows and webviews on any web contents (the window's and any other). */
export function lockDownWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!allowNavigation(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!allowNavigation(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url);
    if (decision.url) void shell.openExternal(decision.url);
    return { action: decision.action };
  });
}

/**
 * The main window, hidden until its first paint. The caller loads the page (and handles a failed load:
 * a window that never loads would never show). `devTools` is false in a packaged build unless allowed.
 */
export function createMainWindow(options: { preloadPath: string; devTools: boolean }): BrowserWindow {
  const win = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 980,
    minHeight: 640,
    show: false,
    title: 'Card Desk',
    backgroundColor: '#0f172a',
    // Written out here, not built elsewhere, so static scanners (electronegativity) can read them.
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click would open links in new windows.
      disableBlinkFeatures: 'Auxclick',
      // Ids, card numbers and codes are not words: no red underlines, and on Linux no dictionary download.
      spellcheck: false,
      devTools: options.devTools,
    },
  });
  lockDownWebContents(win.webContents);
  win.once('ready-to-show', () => win.show());
  return win;
}
