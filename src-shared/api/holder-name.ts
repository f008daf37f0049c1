// Does a bank account's holder (from name enquiry) name the customer a card is for? A forgiving comparison,
// because banks write names their own way: any order ("Mustapha Chukwu" / "CHUKWU MUSTAPHA"), any case,
// with or without diacritics ("Adébáyọ̀" / "Adebayo"), initials ("C. Mustapha"), and middle names on
// either side. What it does not forgive is a different person: the customer's surname must be there in
// full, and their first name in full or as its initial.

export type HolderNameVerdict = 'match' | 'mismatch' | 'unknown';

export interface PersonName {
  /** A display name (businesses, or customers without separate names). */
  name?: string;
  individual?: { firstName?: string; otherNames?: string; lastName?: string };
}

/** Lower case, no diacritics, letters and digits only, split into words. */
export function nameWords(text: string | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter(Boolean);
}

/** A holder's word stands for `word` when it is the same word, or its initial. */
const standsFor = (holderWord: string, word: string) =>
  holderWord === word || (holderWord.length === 1 && word.startsWith(holderWord));

/**
 * `match` when the holder's name names the customer, `mismatch` when it does not, `unknown` when the
 * customer has no name to compare with.
 */
export function compareHolderName(holder: string, customer: PersonName | null | undefined): HolderNameVerdict {
  const held = nameWords(holder);
  const first = nameWords(customer?.individual?.firstName);
  const last = nameWords(customer?.individual?.lastName);
  if (held.length === 0) return 'mismatch';
  if (last.length > 0 && first.length > 0) {
    // Surname in full (every word of a compound one), first name in full or as its initial.
    const surname = last.every((w) => held.includes(w));
    const given = first.some((w) => held.some((h) => standsFor(h, w)));
    return surname && given ? 'match' : 'mismatch';
  }
  const named = nameWords(customer?.name);
  if (named.length === 0) return 'unknown';
  // One display name: every full word of the shorter name appears in the longer, initials standing for words.
  const [short, long] = held.length <= named.length ? [held, named] : [named, held];
  const full = short.filter((w) => w.length > 1);
  if (full.length === 0) return 'mismatch';
  const covered = short.every((w) => long.some((l) => (w.length === 1 ? l.startsWith(w) : l === w)));
  return covered && (full.length >= 2 || short.length === long.length) ? 'match' : 'mismatch';
}
