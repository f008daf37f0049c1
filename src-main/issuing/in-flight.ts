// Writes that have been sent and not yet answered, so an identical one is refused rather than sent twice.
export class InFlightWrites {
  private readonly keys = new Set<string>();

  /** Claims `key`; false when an identical write already holds it. Synchronous, so two calls cannot both win. */
  claim(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }

  release(key: string): void {
    this.keys.delete(key);
  }
}
