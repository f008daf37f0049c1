// Record ids shaped like MongoDB ObjectIds (24 lowercase hex): creation second, a per-kind tag derived
// from the seed, and a counter. The counter makes ids unique within a kind and lets a customer id be
// mapped back to its index without any lookup table.
import { kindTag, mix } from './random';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0').slice(-width);

/** 40 bits naming (seed, kind), as 10 hex characters. */
export function kindPrefix(seed: number, kind: string): string {
  const tag = kindTag(kind);
  return hex(mix(seed, tag, 1), 8) + hex(mix(seed, tag, 2) & 0xff, 2);
}

export const MAX_COUNTER = 0xffffff;

export function objectId(createdAtMs: number, prefix: string, counter: number): string {
  if (!Number.isInteger(counter) || counter < 0 || counter > MAX_COUNTER)
    throw new RangeError('id counter out of range');
  return hex(Math.floor(createdAtMs / 1000), 8) + prefix + hex(counter, 6);
}

/** The counter part of an id. */
export function counterOf(id: string): number {
  return parseInt(id.slice(18), 16);
}

/** Issues ids for one kind of record created at run time, in sequence. */
export class IdSequence {
  private next = 0;
  private readonly prefix: string;

  constructor(seed: number, kind: string) {
    this.prefix = kindPrefix(seed, kind);
  }

  issue(createdAtMs: number): string {
    return objectId(createdAtMs, this.prefix, this.next++);
  }
}
