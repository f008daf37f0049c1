// Sealed records: AES-256-GCM that gives back exactly what was sealed, refuses a changed byte, another
// key or another group's customers, and a blind index of identity numbers that finds a number however typed.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SealBrokenError,
  RecordSeal,
  newCacheKeys,
  normaliseIdentity,
} from '../../../src-main/cache/store/record-seal';
import { idList } from '../../../src-main/cache/store/sealed-groups';
import { isCorruption } from '../../../src-main/cache/store/cache-errors';

const seal = new RecordSeal(newCacheKeys());
const IDS = idList(['5e00000000000000000000c1', '5e00000000000000000000c2']);

describe('sealed records', () => {
  it('open to what was sealed, and never hold the text in plain form', () => {
    const text = Buffer.from('[0,1,"Adaeze","22123456789","12 Marina Street"]');
    const sealed = seal.sealGroup(text, IDS);
    expect(Buffer.from(sealed).includes('22123456789')).toBe(false);
    expect(Buffer.from(sealed).includes('Marina')).toBe(false);
    expect(seal.openGroup(sealed, IDS)).toEqual(text);
    // A fresh IV each time: the same group seals differently.
    expect(Buffer.from(seal.sealGroup(text, IDS)).equals(Buffer.from(sealed))).toBe(false);
    expect(seal.openString(seal.sealString('Ikeja'))).toBe('Ikeja');
  });

  it('refuse a changed byte, other customers, another key and a stub, as a damaged file', () => {
    const sealed = seal.sealGroup(Buffer.from('{"a":1}'), IDS);
    const changed = Uint8Array.from(sealed);
    changed[14]! ^= 1;
    expect(() => seal.openGroup(changed, IDS)).toThrow(SealBrokenError);
    // The customers' ids are the group's additional data: another list, the same ids in another order, or
    // one id fewer, opens nothing.
    const other = idList(['5e00000000000000000000c2', '5e00000000000000000000c1']);
    expect(() => seal.openGroup(sealed, other)).toThrow(SealBrokenError);
    expect(() => seal.openGroup(sealed, idList(['5e00000000000000000000c1']))).toThrow(SealBrokenError);
    expect(() => new RecordSeal(newCacheKeys()).openGroup(sealed, IDS)).toThrow(SealBrokenError);
    expect(() => seal.openGroup(new Uint8Array(5), IDS)).toThrow(SealBrokenError);
    expect(() => seal.openString(sealed)).toThrow(SealBrokenError);
    let caught: unknown;
    try {
      seal.openGroup(changed, IDS);
    } catch (e) {
      caught = e;
    }
    expect(isCorruption(caught)).toBe(true);
  });

  it('index identity numbers blindly: the same for any spacing, different per key and per number', () => {
    const a = seal.blindIndex('22123456789')!;
    expect(a).toHaveLength(8);
    expect(Buffer.from(seal.blindIndex(' 2212 345-6789 ')!).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(seal.blindIndex('22123456788')!).equals(Buffer.from(a))).toBe(false);
    expect(Buffer.from(new RecordSeal(newCacheKeys()).blindIndex('22123456789')!).equals(Buffer.from(a))).toBe(false);
    expect(seal.blindIndex(null)).toBeNull();
    expect(seal.blindIndex(' - ')).toBeNull();
    expect(normaliseIdentity('ａ1 2-3')).toBe('A123');
  });

  it('index by HMAC-SHA-256 as node:crypto computes it, one number after another from the same keyed state', () => {
    const keys = newCacheKeys();
    const indexing = new RecordSeal(keys);
    // Caches written before the index was computed with @noble/hashes hold node:crypto's HMACs.
    const numbers = ['22123456789', 'A12345678', 'ÉTÉ42', '9'.repeat(300), '1', '22123456789'];
    for (const n of numbers) {
      const expected = createHmac('sha256', keys.index).update(normaliseIdentity(n)).digest().subarray(0, 8);
      expect(Buffer.from(indexing.blindIndex(n)!).toString('hex')).toBe(expected.toString('hex'));
    }
    // Each answer is its own: a later number does not change an earlier answer.
    const first = indexing.blindIndex('22123456789')!;
    const copy = Uint8Array.from(first);
    indexing.blindIndex('A12345678');
    expect(first).toEqual(copy);
  });

  it('name their keys without revealing them, and refuse keys of the wrong size', () => {
    const keys = newCacheKeys();
    const id = new RecordSeal(keys).keyId();
    expect(new RecordSeal(keys).keyId()).toBe(id);
    expect(new RecordSeal(newCacheKeys()).keyId()).not.toBe(id);
    expect(id).not.toContain(Buffer.from(keys.data).toString('base64url').slice(0, 8));
    expect(() => new RecordSeal({ data: new Uint8Array(16), index: keys.index })).toThrow(/32 bytes/);
  });
});
