// A batch file's own cells at rest: sealed per row (AES-256-GCM), opened only with the same key at the
// same batch and row; a row sealed under a key that is gone, moved, or changed does not open.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inputSealWith } from '../../../src-main/bulk-issue/input-seal';

const BATCH = '6f1c2a4e-0000-4000-8000-000000000001';
const cells = ['22123456789', 'virtual', 'Verve', '=1+2', '12 Marina Road, Lagos', ''];

describe('the sealed cells of a batch file', () => {
  it('opens what it sealed, and the sealed bytes do not hold the cells', () => {
    const seal = inputSealWith(randomBytes(32));
    const sealed = seal.seal(BATCH, 3, cells);
    expect(seal.open(BATCH, 3, sealed)).toEqual(cells);
    expect(Buffer.from(sealed).toString('latin1')).not.toContain('22123456789');
    // A fresh IV each time: the same cells never seal to the same bytes.
    expect(Buffer.from(seal.seal(BATCH, 3, cells)).equals(Buffer.from(sealed))).toBe(false);
  });

  it('does not open under another key, at another row or batch, or with a changed byte', () => {
    const seal = inputSealWith(randomBytes(32));
    const sealed = seal.seal(BATCH, 3, cells);
    expect(inputSealWith(randomBytes(32)).open(BATCH, 3, sealed)).toBeNull();
    expect(seal.open(BATCH, 4, sealed)).toBeNull();
    expect(seal.open(BATCH.replace('1', '2'), 3, sealed)).toBeNull();
    const changed = Buffer.from(sealed);
    changed[20] = changed[20]! ^ 1;
    expect(seal.open(BATCH, 3, changed)).toBeNull();
    expect(seal.open(BATCH, 3, new Uint8Array(5))).toBeNull();
  });
});
