// Every request the sandbox receives, for tests and the control route. Never holds the API key.
import type { SandboxRequestLogEntry } from '../handle';

export const MAX_LOGGED_REQUESTS = 50_000;

export class RequestLog {
  private entries: SandboxRequestLogEntry[] = [];
  private open = 0;

  /** Logs a request as it arrives; `end` is called once it is answered (or given up). */
  start(entry: Omit<SandboxRequestLogEntry, 'status' | 'at'>): SandboxRequestLogEntry {
    const e: SandboxRequestLogEntry = { at: new Date().toISOString(), ...entry, status: 0 };
    this.open++;
    this.entries.push(e);
    // Trim in batches so a long run does not shift the array on every request.
    if (this.entries.length > MAX_LOGGED_REQUESTS + 1_000)
      this.entries.splice(0, this.entries.length - MAX_LOGGED_REQUESTS);
    return e;
  }

  end(entry: SandboxRequestLogEntry, status: number): void {
    entry.status = status;
    this.open--;
  }

  /** Requests received and not yet answered (a held or delayed one counts until it ends). */
  get inFlight(): number {
    return this.open;
  }

  /** Copies, so callers never see an entry change under them. */
  all(): SandboxRequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
