// Every app.* channel: the app's status (environment, connection, notices), cancelling a request the page
// left, copying text, the theme, and opening Card Desk's own documentation links in the browser.
import type { OutputOf } from '../../src-shared/ipc/contract';
import { err, ok } from '../../src-shared/ipc/result';
import type { CancelRegistry } from '../ipc/cancel-registry';
import type { HandlersFor } from '../ipc/handler';
import type { OpenExternal, SetThemeSource } from '../ports/ports';
import { externalUrl } from '../security/renderer-baseline';

export type AppChannel = 'app.status' | 'app.cancel' | 'app.copyText' | 'app.setTheme' | 'app.openExternal';

export interface AppHandlerDeps {
  status: () => OutputOf<'app.status'>;
  cancels: CancelRegistry;
  openExternal: OpenExternal;
  /** Writes the system clipboard (Electron's clipboard in the app); Copy answers an error without one. */
  writeClipboard?: (text: string) => void | Promise<void>;
  /** Where the theme the operator chose goes (the shell's nativeTheme); none in the harness. */
  setThemeSource?: SetThemeSource;
}

export function appHandlers(deps: AppHandlerDeps): HandlersFor<AppChannel> {
  return {
    'app.status': async () => ok(deps.status()),
    'app.cancel': async ({ requestId }) => ok({ cancelled: deps.cancels.cancel(requestId) }),
    'app.copyText': async ({ text }) => {
      if (!deps.writeClipboard) return err('internal', 'Copying is not available in this window.');
      await deps.writeClipboard(text);
      return ok({ copied: true as const });
    },
    'app.setTheme': async ({ source }) => {
      deps.setThemeSource?.(source);
      return ok({ applied: deps.setThemeSource !== undefined });
    },
    'app.openExternal': async ({ url }) => {
      // Opened exactly as checked: the normalized URL, never the string the page sent.
      const checked = externalUrl(url);
      if (!checked) return err('forbidden', 'Card Desk opens only its own documentation links in your browser.');
      await deps.openExternal(checked);
      return ok({ opened: true });
    },
  };
}
