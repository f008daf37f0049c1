// A card's metadata is at most 8 KB as JSON: a field error naming `metadata` otherwise, in the form, at
// the IPC boundary and in the sandbox (they all validate with this schema).
import { describe, expect, it } from 'vitest';
import { MAX_METADATA_BYTES, createCardRequestSchema } from '../../../src-shared/api/requests';
import { validationError } from '../../../src-shared/ipc/result';

const card = (metadata: Record<string, string>) => ({
  customerId: 'c'.repeat(24),
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  debitAccountId: 'a'.repeat(24),
  metadata,
});

/** Metadata whose JSON is exactly `bytes` long: {"n":"xxx…"} is 8 bytes plus the value. */
const metadataOf = (bytes: number) => ({ n: 'x'.repeat(bytes - 8) });

describe('card metadata size', () => {
  it('takes metadata of exactly 8 KB as JSON', () => {
    expect(JSON.stringify(metadataOf(MAX_METADATA_BYTES)).length).toBe(8192);
    expect(createCardRequestSchema.safeParse(card(metadataOf(MAX_METADATA_BYTES))).success).toBe(true);
  });

  it('refuses one byte more, naming the field', () => {
    const r = createCardRequestSchema.safeParse(card(metadataOf(MAX_METADATA_BYTES + 1)));
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(validationError(r.error.issues).error).toMatchObject({
      field: 'metadata',
      message: 'metadata must be at most 8 KB as JSON',
    });
  });

  it('counts bytes, not characters (multi-byte text)', () => {
    const r = createCardRequestSchema.safeParse(card({ n: 'é'.repeat(4_100) }));
    expect(r.success).toBe(false);
  });
});
