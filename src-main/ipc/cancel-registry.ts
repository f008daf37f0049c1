/** Calls in flight by the renderer's requestId, so `app.cancel` can abort them. */
export class CancelRegistry {
  private readonly inFlight = new Map<string, AbortController>();

  open(requestId: string | undefined): { signal: AbortSignal; close(): void } {
    const controller = new AbortController();
    if (requestId) {
      this.inFlight.get(requestId)?.abort();
      this.inFlight.set(requestId, controller);
    }
    return {
      signal: controller.signal,
      close: () => {
        if (requestId && this.inFlight.get(requestId) === controller) this.inFlight.delete(requestId);
      },
    };
  }

  cancel(requestId: string): boolean {
    const controller = this.inFlight.get(requestId);
    if (!controller) return false;
    controller.abort();
    this.inFlight.delete(requestId);
    return true;
  }

  cancelAll(): void {
    for (const c of this.inFlight.values()) c.abort();
    this.inFlight.clear();
  }
}
