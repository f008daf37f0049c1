// The words of the names index, as searches ask about them: whether a typed word is a word of the
// index and starts no longer one, and which words a prefix stands for. Each lookup is a seek in
// customer_name_instances (schema.ts, migration 6), done once while the file is unchanged
// (search/matching-rows.ts keeps one vocabulary per version of the file).
import type { StatementSync } from 'node:sqlite';
import { type NamesMatcher, namesMatch, quote } from './search-plan';

/** A long name prefix is read as its words when it has at most this many (see expandLongPrefixes). */
export const MAX_EXPANDED_WORDS = 16;

/** The longest of the names index's prefix indexes (schema.ts, migration 4). */
export const LONGEST_NAME_PREFIX_INDEX = 6;

/** A plain-ASCII word longer than the longest prefix index. */
const LONG_WORD = new RegExp(`^[A-Za-z0-9]{${LONGEST_NAME_PREFIX_INDEX + 1},}$`);

export type WordState = 'absent' | 'whole' | 'starts';

export class NameVocabulary {
  private readonly expansions = new Map<string, string[] | null>();
  private readonly states = new Map<string, WordState>();

  /** `next`: `SELECT term FROM customer_name_instances WHERE term >= ? LIMIT 1`. */
  constructor(private readonly next: StatementSync) {}

  /** How many words and prefixes it has looked up. */
  get size(): number {
    return this.states.size + this.expansions.size;
  }

  /**
   * Whether `word` (lower-case plain ASCII) is in the index ('absent' when not) and starts no longer
   * word ('whole'; 'starts' when it does). A word long enough to be expanded is looked up whole (the
   * expansion reuses it); a shorter one stops at the first word that settles it: one seek when `word`
   * is not itself a word, two when it is.
   */
  state(word: string): WordState {
    let state = this.states.get(word);
    if (state === undefined) {
      state = this.lookUp(word);
      this.states.set(word, state);
    }
    return state;
  }

  private lookUp(word: string): WordState {
    let first: unknown;
    let second: unknown;
    if (this.expansions.has(word) || word.length > LONGEST_NAME_PREFIX_INDEX) {
      const words = this.wordsFor(word);
      // null: more words than an expansion takes, so `word` starts some.
      if (words === null) return 'starts';
      [first, second] = words;
    } else {
      first = this.next.get(word)?.term;
      if (first === word) second = this.next.get(`${word}\u0001`)?.term;
    }
    if (first !== word) return 'absent';
    return typeof second === 'string' && second.startsWith(word) ? 'starts' : 'whole';
  }

  /**
   * wordsStarting(prefix, MAX_EXPANDED_WORDS), asked once: whether a word is whole and what
   * a long prefix expands to are the same lookup.
   */
  wordsFor(prefix: string): string[] | null {
    let words = this.expansions.get(prefix);
    if (words === undefined) {
      words = this.wordsStarting(prefix, MAX_EXPANDED_WORDS);
      this.expansions.set(prefix, words);
    }
    return words;
  }

  /** The index's words that start with `prefix` (lower-case plain ASCII), in order; null when more than `max`. */
  private wordsStarting(prefix: string, max: number): string[] | null {
    const words: string[] = [];
    for (let from = prefix; ;) {
      const term = this.next.get(from)?.term;
      if (typeof term !== 'string' || !term.startsWith(prefix)) return words;
      if (words.length === max) return null;
      words.push(term);
      // No word holds U+0001 (a separator to the tokenizer): this is just past `term`.
      from = `${term}\u0001`;
    }
  }

  /**
   * A name prefix longer than the longest prefix index makes FTS5 gather the rows of every word that
   * starts with it before answering the first, slow for a common first name in a large cache. Such a
   * prefix becomes the words themselves (`"augustina"*` becomes `("augustina" OR "augustinah")`), which
   * FTS5 reads lazily (figures: docs/cache-design.md). Only plain ASCII words, which the tokenizer folds
   * by lower-casing alone, so the vocabulary lookup sees what FTS5 would; with no word or too many, the
   * prefix stays as it was.
   */
  expandLongPrefixes(m: NamesMatcher): string {
    if (!m.prefix) return namesMatch(m);
    let expanded = false;
    const out = m.words.map((word) => {
      const terms = LONG_WORD.test(word) ? this.wordsFor(word.toLowerCase()) : null;
      if (!terms || terms.length === 0) return `${quote(word)}*`;
      expanded = true;
      return `(${terms.map(quote).join(' OR ')})`;
    });
    // A group in parentheses needs an explicit AND beside it.
    return out.join(expanded ? ' AND ' : ' ');
  }
}
