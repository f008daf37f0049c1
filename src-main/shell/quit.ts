// Quitting with a time limit. Electron's `will-quit` waits while the app closes its services (the cache
// worker, the journal, the local sandbox); a close that hangs must not leave an invisible process behind.
// So the closing gets `limitMs`; when it finishes the app quits, when it fails or hangs the app exits with
// code 1 whatever state it is in, after logging what happened.
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';

/** Ten seconds: closing normally takes well under one; a close still running then is taken as hung. */
export const DISPOSE_LIMIT_MS = 10_000;

export interface QuitSteps {
  dispose: () => Promise<void>;
  /** Goes on quitting once closed: Electron's app.quit. */
  quit: () => void;
  /** Ends the process at once: Electron's app.exit. */
  exit: (code: number) => void;
  logger?: Logger | null;
  limitMs?: number;
}

/** Closes within the limit, then quits; exits with code 1 when closing failed or ran out of time. */
export async function disposeThenQuit({
  dispose,
  quit,
  exit,
  logger,
  limitMs = DISPOSE_LIMIT_MS,
}: QuitSteps): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limitMs);
  });
  try {
    const outcome = await Promise.race([dispose().then(() => 'closed' as const), limit]);
    if (outcome === 'timeout') {
      logger?.error({ limitMs }, 'closing did not finish in time; exiting anyway');
      exit(1);
      return;
    }
    quit();
  } catch (error) {
    logger?.error({ err: errorMessage(error) }, 'closing failed; exiting anyway');
    exit(1);
  } finally {
    clearTimeout(timer);
  }
}
