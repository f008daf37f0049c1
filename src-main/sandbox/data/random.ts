// A small, fast, seedable random source. Every generated record draws from its own stream derived from
// (seed, kind, index), so any record can be rebuilt on demand without generating the ones before it.

/** Mixes 32-bit words into one well-spread 32-bit hash (murmur3 finaliser per word). */
export function mix(...words: number[]): number {
  let h = 0x9e3779b9;
  for (const w of words) {
    let k = Math.imul(w | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit number naming a kind of record, so streams of different kinds never coincide. */
export function kindTag(kind: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < kind.length; i++) h = Math.imul(h ^ kind.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** "000" to "999": digits are drawn three at a time without number-to-text conversion. */
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static for(seed: number, kind: string, index = 0): Random {
    return Random.forTag(seed, kindTag(kind), index);
  }

  /** As `for`, with the kind's tag computed once by the caller (hot paths). */
  static forTag(seed: number, tag: number, index: number): Random {
    return new Random(mix(seed, tag, index, Math.floor(index / 0x100000000)));
  }

  /** mulberry32: uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: `[[value, weight], ...]`. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1]![0];
  }

  /** `n` random decimal digits (leading zeros kept). */
  digits(n: number): string {
    let s = '';
    for (; n >= 3; n -= 3) s += THREE_DIGITS[Math.floor(this.next() * 1000)];
    if (n > 0) s += THREE_DIGITS[Math.floor(this.next() * 1000)]!.slice(3 - n);
    return s;
  }

  hex(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[Math.floor(this.next() * 16)];
    return s;
  }

  /** Money with two decimals in [min, max]. */
  amount(min: number, max: number): number {
    return Math.round((min + this.next() * (max - min)) * 100) / 100;
  }
}
