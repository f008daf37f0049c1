// While the active environment is offline, a light request now and then finds out when the network is
// back, so the status bar says so without waiting for the operator's next call. The request is background
// work (it never holds up an operator's call and keeps the rate limit's reserve) and asks for one
// customer; its outcome sets the connection state like any call's. A sync stopped by the network resumes
// at its next scheduled run (the customer cache's schedule), which this does not change.
import type { ConnectionState } from './connection-state';

/** How often, while offline, the connection is tried. */
export const DEFAULT_RECONNECT_PROBE_MS = 30_000;

export class ConnectionWatch {
  private timer: ReturnType<typeof setInterval> | null = null;
  private probing = false;

  constructor(
    /** Sends the probe; its outcome reaches the connection state through the client's onOutcome. */
    private readonly probe: () => Promise<unknown>,
    private readonly everyMs = DEFAULT_RECONNECT_PROBE_MS,
  ) {}

  /** Told each connection state: probes while offline, stops otherwise. */
  follow(state: ConnectionState): void {
    if (state === 'offline') this.start();
    else this.stop();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.probing) return;
      this.probing = true;
      void this.probe()
        .catch(() => undefined)
        .finally(() => {
          this.probing = false;
        });
    }, this.everyMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
