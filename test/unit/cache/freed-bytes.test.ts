// Freeing a buffer the sync no longer needs at once: only bytes nothing else shares. A slice of Buffer's
// shared pool is never freed (other Buffers live in it); a buffer made for the view alone is.
import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freeBytes } from '../../../src-main/cache/store/freed-bytes';

describe('freeing bytes a sync no longer needs', () => {
  it("frees a buffer that is the view's alone, as a cipher's output is", () => {
    const cipher = createCipheriv('aes-256-gcm', randomBytes(32), randomBytes(12));
    const out = cipher.update(Buffer.alloc(2000));
    expect(freeBytes(out)).toBe(true);
    expect(out.buffer.detached).toBe(true);
    expect(out.length).toBe(0);
    expect(freeBytes(out)).toBe(false); // once
  });

  it("never frees a slice of Buffer's shared pool, which other Buffers live in, nor part of a buffer", () => {
    const a = Buffer.from('first small buffer');
    const b = Buffer.from('second small buffer');
    expect(a.buffer).toBe(b.buffer); // both in the pool
    expect(freeBytes(a)).toBe(false);
    expect(b.toString()).toBe('second small buffer');
    const whole = new Uint8Array(100_000);
    expect(freeBytes(whole.subarray(0, 50_000))).toBe(false);
    expect(whole.buffer.detached).toBe(false);
  });
});
