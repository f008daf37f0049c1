// The rows a search plan matches (search-plan.ts), in the order the results show: exact matches first,
// then prefix matches; names and phones in the order the service listed the customers, emails and ids in
// value order. The page reads only the rows it shows (and those it may repeat); the total is counted in
// SQLite up to the counting cap plus one, so a one-letter prefix costs no more than a rare name. Runs on
// the reader's connection (store/customer-reader.ts), which loads the rows.
import type { StatementSync } from 'node:sqlite';
import { MAX_CHAR, emailWithTailSql } from './email-tail';
import { MARKER, namesAsPairs, type QueryWord } from './name-pairs';
import { NAME_PAIRS_PENDING_SQL } from './name-pairs-index';
import { NameVocabulary } from './name-vocabulary';
import { ID_SUFFIX, type Matcher, type NamesMatcher, type SearchPlan } from './search-plan';

/** A prefix shorter than this starts too many words of the index to be read as them in the pairs index. */
const MIN_EXPANDED_PREFIX = 3;

/** Words the vocabulary remembers between searches before it starts again (a few hundred KB at most). */
const VOCABULARY_WORDS = 5000;

/**
 * The words of a names matcher, each lower-case with whether it is a prefix; undefined for a word that is
 * not plain ASCII, which the tokenizer may fold otherwise.
 */
function nameWords(m: NamesMatcher): (QueryWord | undefined)[] {
  return m.words.map((word) =>
    /^[A-Za-z0-9]+$/.test(word) ? { word: word.toLowerCase(), prefix: m.prefix } : undefined,
  );
}

/** A matcher's SQL: the seqs of its rows, in its order. */
interface MatcherQuery {
  sql: string;
  params: (string | number | Uint8Array | null)[];
  /**
   * Starting it costs more than reading its rows (a prefix of the pairs index, which has no prefix
   * indexes, gathers every pair it starts first): the page and the count are read in one statement.
   */
  costlyStart?: boolean;
}

/**
 * What the page read of a matcher: its first rows, how many it has up to the read's limit (`total`), and
 * `all` when `rows` are every row it matches.
 */
interface ReadRows {
  rows: number[];
  total: number;
  all: boolean;
}

function matcherSql(
  m: Matcher,
  vocabulary: NameVocabulary,
  blindIndex: (value: string) => Uint8Array | null,
): MatcherQuery {
  switch (m.kind) {
    case 'names':
      return {
        sql: 'SELECT rowid AS seq FROM customer_names WHERE customer_names MATCH ?',
        params: [vocabulary.expandLongPrefixes(m)],
      };
    case 'phone':
      return { sql: 'SELECT rowid AS seq FROM customer_phones WHERE customer_phones MATCH ?', params: [m.match] };
    case 'idSuffix':
      // The index holds each id's last 8 characters; a longer suffix is checked against the whole id.
      return {
        sql: `SELECT seq FROM customers WHERE substr(id, -8) = ? AND id LIKE '%' || ?`,
        params: [m.value.slice(-ID_SUFFIX), m.value],
      };
    case 'identity':
      // The column holds the number's blind index only (store/record-seal.ts).
      return { sql: 'SELECT seq FROM customers WHERE identity = ?', params: [blindIndex(m.value)] };
    case 'email':
    case 'id': {
      const [table, column] = m.kind === 'email' ? ['customer_emails', 'email'] : ['customers', 'id'];
      return m.exact
        ? { sql: `SELECT seq FROM ${table} WHERE ${column} = ?`, params: [m.value] }
        : {
            sql: `SELECT seq FROM ${table} WHERE ${column} >= ? AND ${column} < ?`,
            params: [m.value, m.value + MAX_CHAR],
          };
    }
  }
}

/** How many commas `list` holds. */
function commasIn(list: string): number {
  let n = 0;
  for (let i = list.indexOf(','); i !== -1; i = list.indexOf(',', i + 1)) n++;
  return n;
}

/** The first `n` numbers of a comma-separated list of non-negative integers, read without cutting it up. */
function leadingNumbers(list: string, n: number): number[] {
  const out: number[] = [];
  let value = 0;
  for (let i = 0; i < list.length && out.length < n; i++) {
    const c = list.charCodeAt(i);
    if (c === 44) {
      out.push(value);
      value = 0;
    } else {
      value = value * 10 + (c - 48);
    }
  }
  if (out.length < n) out.push(value);
  return out;
}

export class MatchingRows {
  private pairsVersion = -1;
  private pairsComplete = false;
  private tailVersion = -1;
  private tail: number | null = null;
  /** The file's data_version as this search began (dataVersion is asked once a search). */
  private version = -1;
  /** The index's words as searches have asked about them, while the file is unchanged. */
  private vocabulary: NameVocabulary | null = null;
  private vocabularyVersion = -1;

  /**
   * `stmt`: the connection's prepared statements; `blindIndex`: an identity number's blind index
   * (store/record-seal.ts); `dataVersion`: changes whenever another connection commits to the file.
   */
  constructor(
    private readonly stmt: (sql: string) => StatementSync,
    private readonly blindIndex: (value: string) => Uint8Array | null,
    private readonly dataVersion: () => number,
  ) {}

  /**
   * The rows `plan` matches: the first `limit` in order (`seqs`), and how many matched (`matched`),
   * counted up to `countCap` + 1.
   */
  find(plan: SearchPlan, limit: number, countCap: number): { seqs: number[]; matched: number } {
    this.version = this.dataVersion();
    const vocabulary = this.words();
    const queries = new Map<Matcher, MatcherQuery>();
    const query = (m: Matcher) => {
      let q = queries.get(m);
      if (!q) queries.set(m, (q = this.query(m, vocabulary)));
      return q;
    };
    const exact = this.exactNeeded(plan, vocabulary) ? plan.exact.filter((m) => this.mayMatch(m, vocabulary)) : [];
    // The page: exact matches first (few, cheap), then the prefix matchers', each row once. A matcher
    // is asked for no more rows than the page still needs plus those already on it (it may repeat them).
    const order: number[] = [];
    const onPage = new Set<number>();
    const read = new Map<Matcher, ReadRows>();
    const prefix = new Set(plan.prefix);
    for (const m of [...exact, ...plan.prefix]) {
      if (order.length >= limit) break;
      const q = query(m);
      const need = limit + order.length;
      const max = q.costlyStart && prefix.has(m) ? Math.max(need, countCap + 1) : need;
      const rows = this.seqs(q, max, need);
      read.set(m, rows);
      for (const seq of rows.rows) {
        if (order.length >= limit) break;
        if (onPage.has(seq)) continue;
        onPage.add(seq);
        order.push(seq);
      }
    }
    return { seqs: order, matched: this.count(plan.prefix, countCap, query, read) };
  }

  /**
   * The index's words (name-vocabulary.ts), kept from one search to the next while the file is
   * unchanged: typing a name asks about its first word at every key. A lookup is a seek in FTS5's
   * vocabulary, tens of microseconds.
   */
  private words(): NameVocabulary {
    if (!this.vocabulary || this.vocabularyVersion !== this.version || this.vocabulary.size > VOCABULARY_WORDS) {
      this.vocabulary = new NameVocabulary(
        this.stmt('SELECT term FROM customer_name_instances WHERE term >= ? LIMIT 1'),
      );
      this.vocabularyVersion = this.version;
    }
    return this.vocabulary;
  }

  /**
   * How many rows the prefix matchers match together (a superset of the exact ones'), up to `cap` + 1:
   * counted in SQLite, a number rather than a list of rows, and once one matcher alone passes the cap
   * the others are not asked. Only when several matchers each match a few is the overlap between them
   * (a name and an email that start alike) read row by row. `read`: the rows the page read of each matcher.
   */
  private count(
    prefix: Matcher[],
    cap: number,
    query: (m: Matcher) => MatcherQuery,
    read: Map<Matcher, ReadRows>,
  ): number {
    const whole = new Map<Matcher, number[]>();
    for (const [m, r] of read) if (r.all) whole.set(m, r.rows);
    const matching: Matcher[] = [];
    let sum = 0;
    for (const m of prefix) {
      const seen = read.get(m)?.total ?? 0;
      const n = whole.get(m)?.length ?? (seen > cap ? seen : this.countRows(query(m), cap + 1));
      if (n > cap) return cap + 1;
      if (n > 0) matching.push(m);
      sum += n;
    }
    if (matching.length <= 1) return sum;
    const distinct = new Set<number>();
    for (const m of matching) for (const seq of whole.get(m) ?? this.seqs(query(m), cap + 1).rows) distinct.add(seq);
    return Math.min(distinct.size, cap + 1);
  }

  /**
   * Whether the whole-word pass can find rows the prefix pass would list later. A names query whose every
   * word is in the index and starts no longer word matches the same rows either way, in the same order:
   * for two common names (a first and a last name typed in full) that halves the cost, as each pass
   * walks both names' rows. (One with a word that is not in the index, 'Lolade Chi', finds nothing in
   * the whole-word pass: mayMatch drops it.) Plain ASCII words only, which the tokenizer folds by
   * lower-casing alone.
   */
  private exactNeeded(plan: SearchPlan, vocabulary: NameVocabulary): boolean {
    const [exact, prefix] = [plan.exact, plan.prefix];
    if (exact.length !== 1 || prefix.length !== 1 || exact[0]!.kind !== 'names' || prefix[0]!.kind !== 'names') {
      return true;
    }
    const words = nameWords(prefix[0]!);
    // The last word first: it is the one being typed, the likeliest to be only the start of a word.
    for (const w of words.reverse()) {
      if (w === undefined || vocabulary.state(w.word) !== 'whole') return true;
    }
    return false;
  }

  /**
   * Whether an exact matcher may find a row: a names matcher finds none when one of its words (plain ASCII,
   * which the vocabulary sees as FTS5 does) is not a word of the index. As a name is typed its last word is
   * mostly only the start of one; the vocabulary's seek, kept while the file is unchanged, costs less than
   * the statement it spares. The last word is asked first: it is the one being typed.
   */
  private mayMatch(m: Matcher, vocabulary: NameVocabulary): boolean {
    if (m.kind !== 'names') return true;
    return !nameWords(m)
      .reverse()
      .some((w) => w !== undefined && vocabulary.state(w.word) === 'absent');
  }

  /** A matcher as SQL: its rows' seqs, in its order. */
  private query(m: Matcher, vocabulary: NameVocabulary): MatcherQuery {
    const pairs = m.kind === 'names' ? this.pairsMatch(m, vocabulary) : null;
    const tail = m.kind === 'email' ? this.emailTail() : null;
    return pairs
      ? {
          sql: 'SELECT rowid AS seq FROM customer_name_pairs WHERE customer_name_pairs MATCH ?',
          params: [pairs],
          costlyStart: true,
        }
      : m.kind === 'email' && tail !== null
        ? emailWithTailSql(m, tail)
        : matcherSql(m, vocabulary, this.blindIndex);
  }

  /**
   * A matcher's rows up to `max`, in its order, as one string from SQLite (far cheaper than a row object
   * each): how many there are, and the first `need` of them, or all when they are fewer than `max` (what
   * the count may compare). A read to `max` for the count alone turns no more rows than it shows into numbers.
   */
  private seqs({ sql, params }: MatcherQuery, max: number, need = max): ReadRows {
    const list = this.stmt(`SELECT group_concat(seq) AS seqs FROM (${sql} LIMIT ?)`).get(...params, max)?.seqs;
    if (typeof list !== 'string' || list === '') return { rows: [], total: 0, all: true };
    const total = commasIn(list) + 1;
    const all = total < max;
    return { rows: leadingNumbers(list, all ? total : Math.min(need, total)), total, all };
  }

  /** How many rows a matcher matches, up to `max`. */
  private countRows({ sql, params }: MatcherQuery, max: number): number {
    return Number(this.stmt(`SELECT count(*) AS n FROM (${sql} LIMIT ?)`).get(...params, max)?.n ?? 0);
  }

  /**
   * A names query of two or more plain-ASCII words as a query of the name-pairs index (namesAsPairs in
   * name-pairs.ts): the same rows in the same order. Null when the index is not usable or cannot ask it.
   */
  private pairsMatch(m: NamesMatcher, vocabulary: NameVocabulary): string | null {
    const read = nameWords(m);
    if (read.length < 2 || read.some((w) => w === undefined)) return null;
    if (!this.pairsUsable()) return null;
    return namesAsPairs(read as QueryWord[], {
      isWhole: (word) => vocabulary.state(word) === 'whole',
      wordsStarting: (prefix) => (prefix.length < MIN_EXPANDED_PREFIX ? null : vocabulary.wordsFor(prefix)),
    });
  }

  /**
   * Whether the name-pairs index holds every customer's pairs: it is built (not pending since an
   * upgrade, see name-pairs-index.ts) and no customer has names it could not pair. Asked again only
   * when the file has changed.
   */
  private pairsUsable(): boolean {
    const version = this.version;
    if (version !== this.pairsVersion) {
      this.pairsVersion = version;
      this.pairsComplete =
        this.stmt(NAME_PAIRS_PENDING_SQL).get() === undefined &&
        this.stmt('SELECT 1 AS one FROM customer_name_pairs WHERE customer_name_pairs MATCH ? LIMIT 1').get(
          `"${MARKER}"`,
        ) === undefined;
    }
    return this.pairsComplete;
  }

  /**
   * The last row whose email is in customer_emails when rows after it are not yet (their chunk is written
   * at EMAIL_CHUNK rows or when the sync completes, store/customer-store.ts), or null when every row's is.
   * A sync stopped part-way (a full disk, a cancel, the network) leaves such a tail: email search reads it
   * from the rows themselves, so every customer stored is found by email. Known once per change of the file.
   */
  private emailTail(): number | null {
    const version = this.version;
    if (version !== this.tailVersion) {
      this.tailVersion = version;
      const row = this.stmt(
        "SELECT (SELECT value FROM meta WHERE key = 'emails_through_seq') AS through, (SELECT max(seq) FROM customers) AS last",
      ).get();
      const through = Number(row?.through ?? 0);
      const last = Number(row?.last ?? 0);
      this.tail = last > through ? through : null;
    }
    return this.tail;
  }
}
