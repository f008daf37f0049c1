// Reusable memory for the customer list's pages. A page of 100 customers is ~94 KB, written into a buffer
// sized for the widest customers (~150 KB). A fresh buffer a page is memory outside V8's heap that only a
// garbage collection frees: at a sync's pace (thousands of pages a second) V8 answers it with a full
// collection of the whole heap every few hundred pages, whose cost grows with everything else the process
// holds (the app's main process, the benchmarks' process). A page is written into a buffer taken here and
// handed back once the socket has taken all its bytes (docs/benchmarks.md, the sandbox).

/** Free buffers kept for reuse: more than the pages a busy sync has in flight at once. */
export const KEPT_PAGE_BUFFERS = 32;
/**
 * Buffers are made in whole steps of this size, so pages a few bytes longer than the last (a page number
 * with one more digit) still fit the free ones rather than leaving them unused.
 */
export const PAGE_BUFFER_STEP = 64 * 1024;

export class PageBuffers {
  private readonly free: ArrayBuffer[] = [];
  /** Every buffer this pool made: only these are taken back. */
  private readonly own = new WeakSet<ArrayBuffer>();
  /** Buffers made so far (a free one reused is not counted). */
  made = 0;

  constructor(private readonly keep = KEPT_PAGE_BUFFERS) {}

  /** A buffer of at least `size` bytes, whose contents are undefined: a free one when it is large enough. */
  readonly take = (size: number): Buffer => {
    for (let i = this.free.length - 1; i >= 0; i--) {
      const memory = this.free[i]!;
      if (memory.byteLength < size) continue;
      this.free.splice(i, 1);
      return Buffer.from(memory, 0, memory.byteLength);
    }
    // Not from Node's shared pool: this buffer owns its memory whole, so it can be handed back.
    const fresh = Buffer.allocUnsafeSlow(Math.max(1, Math.ceil(size / PAGE_BUFFER_STEP)) * PAGE_BUFFER_STEP);
    this.own.add(fresh.buffer);
    this.made++;
    return fresh;
  };

  /**
   * Hands back the memory under `bytes` (a view of a buffer from `take`) for the next page, once nothing
   * reads it any more. Memory this pool did not make, or more than it keeps, is left to the collector.
   */
  give(bytes: Uint8Array): void {
    const memory = bytes.buffer;
    if (!(memory instanceof ArrayBuffer) || !this.own.has(memory)) return;
    if (this.free.length >= this.keep || this.free.includes(memory)) return;
    this.free.push(memory);
  }

  /** Free buffers waiting to be reused. */
  get freeCount(): number {
    return this.free.length;
  }
}
