// Handing back at once the bytes of a buffer the sync made and no longer needs, rather than at its thread's
// next full collection: V8 frees a buffer's bytes only when it collects the object holding them, and a
// sync's page reader would otherwise leave ~150 KB of them a page (page-reader-thread.ts). Only a buffer that is
// the view's alone is freed. Small Buffers are slices of Buffer's shared pool (each under half of
// Buffer.poolSize, so none covers the whole pool), which is never freed here.

/**
 * Whether `bytes` covers its whole buffer, a buffer made for it (a cipher's output, a page's bytes): then
 * no other view shares it, and it may be handed to another thread or freed.
 */
export const ownsBuffer = (bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> =>
  bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;

/**
 * Frees the bytes under `view` now when it owns its buffer (ownsBuffer). Afterwards every view of that
 * buffer is empty. True when freed.
 */
export function freeBytes(view: Uint8Array): boolean {
  if (!ownsBuffer(view) || view.buffer.detached) return false;
  view.buffer.transfer(0);
  return true;
}
