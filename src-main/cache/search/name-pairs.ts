// The name-pairs index (schema.ts, migration 7): a search for two name words, one of them typed whole
// ('Lolade Chi', 'akande.s') or the start of a few words ('Lola Afu'), asked as words of that index
// instead of two words of the names index (namesAsPairs).
//
// In the names index such a search makes FTS5 walk every row of the shorter word (for 'chi', a large share
// of a big cache) to find the few hundred that also have the whole word. The pairs index
// holds, for every customer, each ordered pair of two of its name words as one token, `lolade␣chinedu`,
// and each word with the first letter of another, `lolade␣c` (␣ is JOINER): 'Lolade Chi' is then the
// prefix `lolade␣chi`, whose rows are at most the whole word's (figures: docs/cache-design.md).
//
// A pair token must split and fold as the names index's words do, and the index's tokenizer (unicode61)
// splits by its own Unicode tables. The words of a pair are found here with the same rule, exact for
// the characters in SAFE_RANGES (test/unit/cache/name-pairs.test.ts compares every one of them with
// FTS5). A customer whose names hold any other character, or more than MAX_PAIRED_WORDS words, gets the
// single token MARKER instead of pairs; while any customer has it, searches use the names index only.
import { quote } from './search-plan';

/** Joins the two words of a pair: a private-use character, which unicode61 keeps inside a token. */
export const JOINER = '\u{E000}';

/** The token of a customer whose name words could not be paired exactly (the joiner alone). */
export const MARKER = JOINER;

/** A customer with more distinct name words than this is not paired (its pairs grow with the square). */
export const MAX_PAIRED_WORDS = 12;

/**
 * Code points whose splitting into words is known to match unicode61's: Latin, Greek, Cyrillic and
 * Armenian with their combining marks, Latin Extended Additional (Yoruba's ẹ, ọ, ṣ) and general
 * punctuation. Inclusive [first, last] pairs.
 */
export const SAFE_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x058c],
  [0x1e00, 0x1eff],
  [0x2000, 0x2065],
];

/**
 * Code points in SAFE_RANGES that no Unicode version had assigned when SQLite's tables were made (it
 * keeps them inside words), and a later one may give any meaning.
 */
const UNASSIGNED = new Set([
  0x378, 0x379, 0x380, 0x381, 0x382, 0x383, 0x38b, 0x38d, 0x3a2, 0x530, 0x557, 0x558, 0x58b, 0x58c, 0x2065,
]);

/** Whether a name holding this code point can be paired (it is split into words as unicode61 splits it). */
export const isPairable = (cp: number): boolean =>
  !UNASSIGNED.has(cp) && SAFE_RANGES.some(([first, last]) => cp >= first && cp <= last);

/** Combining marks unicode61 treats as part of a word and drops when folding (its remove_diacritics set). */
export function isDiacritic(cp: number): boolean {
  if (cp < 768 || cp > 817) return false;
  return cp < 800 ? (0x08029fdf & (1 << (cp - 768))) !== 0 : (0x000361f8 & (1 << (cp - 800))) !== 0;
}

const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

/** Whether unicode61 keeps this code point inside a word (for pairable code points). */
export function isWordChar(cp: number): boolean {
  return isDiacritic(cp) || LETTER_OR_NUMBER.test(String.fromCodePoint(cp));
}

// eslint-disable-next-line no-control-regex -- every ASCII character, control characters included
const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^A-Za-z0-9]+/;

/** Each word once, the first spelling of those that differ only in case. */
function distinct(words: string[]): string[] {
  const seen = new Set<string>();
  return words.filter((w) => {
    const key = w.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The distinct words of `names`; null when a character is not safe. */
function wordsOf(names: string): string[] | null {
  // Most names: in ASCII, unicode61 keeps letters and digits and splits at everything else.
  if (ASCII.test(names)) return distinct(names.split(ASCII_SEPARATORS).filter(Boolean));
  const words: string[] = [];
  let word = '';
  let hasLetter = false;
  const end = () => {
    // A run of combining marks alone folds to nothing: it is no word.
    if (hasLetter) words.push(word);
    word = '';
    hasLetter = false;
  };
  for (const ch of names) {
    const cp = ch.codePointAt(0)!;
    if (!isPairable(cp)) return null;
    if (isWordChar(cp)) {
      word += ch;
      hasLetter ||= !isDiacritic(cp);
    } else {
      end();
    }
  }
  end();
  return distinct(words);
}

/** A word's first letter (its first character that is not a combining mark). */
function initialOf(word: string): string {
  if (word.charCodeAt(0) < 0x80) return word[0]!;
  for (const ch of word) if (!isDiacritic(ch.codePointAt(0)!)) return ch;
  return word;
}

/** The text the pairs index is given for a customer with these names ('' when none, MARKER when unpaired). */
export function namePairs(names: string): string {
  const words = wordsOf(names);
  if (words === null || words.length > MAX_PAIRED_WORDS) return MARKER;
  // A token may come twice (two words with the same first letter): FTS5 keeps a row once per token.
  let text = '';
  for (const a of words) {
    for (const b of words) {
      if (a === b) continue;
      const initial = initialOf(b);
      text += initial === b ? ` ${a}${JOINER}${b}` : ` ${a}${JOINER}${b} ${a}${JOINER}${initial}`;
    }
  }
  return text.slice(1);
}

/** A word of a names query: lower-case plain ASCII, typed whole (`prefix` false) or as a prefix. */
export interface QueryWord {
  word: string;
  prefix: boolean;
}

/**
 * The pairs-index query that matches the same customers as these words in the names index, with
 * `anchor` (one of them) as the first word of every pair; null when the pairs index cannot ask it.
 * The anchor must be a word the customer has exactly: a word typed whole, or a prefix that is a word of
 * the index and starts no longer one. Another word the anchor itself starts with (or, typed whole,
 * equals) is matched by the anchor. A one-letter word typed whole cannot be told from a first letter.
 * `wordsStarting`: the words of the index a prefix starts (at most a few; null when more): the pairs
 * index has no prefix indexes, so `lolade␣chi*` makes FTS5 gather every pair it starts before the
 * first row, while `(lolade␣chiamaka OR lolade␣chinedu)` is read lazily, a doclist each.
 */
export function pairsQuery(
  words: readonly QueryWord[],
  anchor: QueryWord,
  wordsStarting?: (prefix: string) => readonly string[] | null,
): string | null {
  const terms: string[] = [];
  let grouped = false;
  for (const w of words) {
    if (w === anchor) continue;
    if (w.prefix ? anchor.word.startsWith(w.word) : anchor.word === w.word) continue;
    if (!w.prefix && w.word.length === 1) return null;
    const token = quote(anchor.word + JOINER + w.word);
    if (!w.prefix || w.word.length === 1) {
      terms.push(token);
      continue;
    }
    const whole = wordsStarting?.(w.word);
    if (whole && whole.length > 0) {
      grouped = true;
      terms.push(`(${whole.map((word) => quote(anchor.word + JOINER + word)).join(' OR ')})`);
    } else {
      terms.push(`${token}*`);
    }
  }
  // A group in parentheses needs an explicit AND beside it.
  return terms.length > 0 ? terms.join(grouped ? ' AND ' : ' ') : null;
}

/** What namesAsPairs asks of the names index's words (name-vocabulary.ts). */
export interface PairsVocabulary {
  /** Whether a word is a word of the index and starts no longer one. */
  isWhole(word: string): boolean;
  /** The few words of the index a prefix starts, or null (too many, or too short a prefix to ask). */
  wordsStarting(prefix: string): readonly string[] | null;
}

/**
 * The pairs-index query of a names query's words (two or more): anchored at a word the customer must
 * have exactly (typed whole, or a prefix that is a whole word of the index). Failing that, a prefix that
 * starts a few words of the index (`lola` of Lola and Lolade) anchors the pairs of each of them
 * (`lola␣afu* OR lolade␣afu*`): two prefixes in the names index make FTS5 walk the rows of both words to
 * find the few that have the two. Null when the pairs index cannot ask it.
 */
export function namesAsPairs(words: readonly QueryWord[], vocabulary: PairsVocabulary): string | null {
  const starting = (prefix: string) => vocabulary.wordsStarting(prefix);
  const anchor = words.find((w) => !w.prefix) ?? words.find((w) => vocabulary.isWhole(w.word));
  if (anchor) return pairsQuery(words, anchor, starting);
  // The prefix that starts the fewest words anchors them in turn.
  let best: { at: number; whole: readonly string[] } | null = null;
  for (const [at, w] of words.entries()) {
    const whole = starting(w.word);
    if (whole && whole.length > 0 && (!best || whole.length < best.whole.length)) best = { at, whole };
  }
  if (!best) return null;
  const anyOf: string[] = [];
  for (const word of best.whole) {
    const whole: QueryWord = { word, prefix: false };
    const query = pairsQuery(words.with(best.at, whole), whole, starting);
    // A word of the index alone would match: no pair can ask it.
    if (query === null) return null;
    anyOf.push(`(${query})`);
  }
  return anyOf.join(' OR ');
}
