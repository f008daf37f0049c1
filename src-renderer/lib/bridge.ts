// The page's only way to main: the typed `window.cardDesk` bridge from the preload (or the test harness).
import type { CardDeskBridge } from '../../src-shared/ipc/contract';

declare global {
  interface Window {
    cardDesk: CardDeskBridge;
  }
}

export function bridge(): CardDeskBridge {
  return window.cardDesk;
}

let counter = 0;
/** A requestId for a call the page may cancel with `app.cancel`. */
export function newRequestId(): string {
  counter += 1;
  return `r${Date.now().toString(36)}-${counter}`;
}

/**
 * Runs a bridge call that stops in main when `signal` aborts (the user left the page).
 * Usage: `cancellable(signal, (opts) => bridge().accounts.list(query, opts))`.
 */
export async function cancellable<T>(
  signal: AbortSignal | undefined,
  call: (options: { requestId: string }) => Promise<T>,
): Promise<T> {
  const requestId = newRequestId();
  const onAbort = () => void bridge().app.cancel({ requestId });
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await call({ requestId });
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
