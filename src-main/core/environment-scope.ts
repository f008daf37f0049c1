// Per-environment services (customer cache, known cards, journal) opened lazily for the active
// environment and closed when the user switches to another one.

export interface Closable {
  close(): void | Promise<void>;
}

/** Holds one service per environment id; `get` opens it for the current environment. */
export class EnvironmentScoped<T extends Closable> {
  private current: { environmentId: string; service: Promise<T> } | null = null;

  constructor(private readonly open: (environmentId: string, folder: string) => Promise<T>) {}

  get(environmentId: string, folder: string): Promise<T> {
    if (this.current?.environmentId === environmentId) return this.current.service;
    void this.closeCurrent();
    const service = this.open(environmentId, folder);
    this.current = { environmentId, service };
    // A failed open is not cached: the next call tries again.
    service.catch(() => {
      if (this.current?.service === service) this.current = null;
    });
    return service;
  }

  async closeCurrent(): Promise<void> {
    const previous = this.current;
    this.current = null;
    if (!previous) return;
    try {
      await (await previous.service).close();
    } catch {
      // It failed to open, or is already closed: nothing left to release.
    }
  }
}
