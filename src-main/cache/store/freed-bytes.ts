// Handing back at once the bytes of a buffer the sync made and no longer needs, rather than at its thread's
// next full collection: V8 frees a buffer's bytes only when it collects the object holding them, and a
// sync's page reader would otherwise leave ~150 KB of them a page (page-reader-thread.ts). Only a buffer that is
// the view's alone is freed. Small Buffers are slices of Buffer's shared pool (each under half of
// Buffer.poolSize, so none covers the whole pool), which is never freed here.

/**
 * Frees the bytes under `view` now when `view` covers its whole buffer (a buffer made for it, as
 * a cipher's output or a page's bytes handed over whole). Afterwards every view of that buffer is empty.
 * True when freed.
 */
export function freeBytes(view: Uint8Array): boolean {
  const { buffer } = view;
  if (!(buffer instanceof ArrayBuffer) || buffer.detached) return false;
  if (view.byteOffset !== 0 || view.byteLength !== buffer.byteLength) return false;
  buffer.transfer(0);
  return true;
}
