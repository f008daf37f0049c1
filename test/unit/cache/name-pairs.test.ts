// The name pairs against FTS5 itself: the words of a pair split and fold as the names index's words do,
// for every character paired; and the queries asked of the pairs index.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JOINER,
  MARKER,
  MAX_PAIRED_WORDS,
  SAFE_RANGES,
  isPairable,
  isWordChar,
  namePairs,
  namesAsPairs,
  pairsQuery,
  type QueryWord,
} from '../../../src-main/cache/search/name-pairs';

// The names index's tokenizer (schema.ts, migrations 4 and 7).
const TOKENIZER = "tokenize = 'unicode61 remove_diacritics 2'";

let db: DatabaseSync;
beforeAll(() => {
  db = new DatabaseSync(':memory:');
  db.exec(`CREATE VIRTUAL TABLE words USING fts5 (text, ${TOKENIZER}, detail = none)`);
  db.exec("CREATE VIRTUAL TABLE words_vocab USING fts5vocab (words, 'instance')");
});
afterAll(() => db.close());

/** The terms FTS5 makes of `text`, as the names index would. */
function terms(text: string): string[] {
  db.exec('DELETE FROM words');
  db.prepare('INSERT INTO words (rowid, text) VALUES (1, ?)').run(text);
  return db
    .prepare('SELECT term FROM words_vocab ORDER BY term')
    .all()
    .map((r) => String(r.term));
}

describe('the words of a pair', () => {
  it('are split where unicode61 splits, for every character the pairs index takes', () => {
    let checked = 0;
    const wrong: string[] = [];
    db.exec('DELETE FROM words');
    const insert = db.prepare('INSERT INTO words (rowid, text) VALUES (?, ?)');
    db.exec('BEGIN');
    for (const [first, last] of SAFE_RANGES) {
      for (let cp = Math.max(first, 1); cp <= last; cp++) insert.run(cp, `x${String.fromCodePoint(cp)}y`);
    }
    db.exec('COMMIT');
    // A character inside a word leaves one term for its row; a separator leaves 'x' and 'y'.
    const termsOf = new Map<number, number>();
    for (const r of db.prepare('SELECT doc, count(*) AS n FROM words_vocab GROUP BY doc').all()) {
      termsOf.set(Number(r.doc), Number(r.n));
    }
    for (const [first, last] of SAFE_RANGES) {
      for (let cp = Math.max(first, 1); cp <= last; cp++) {
        if (!isPairable(cp)) continue;
        checked++;
        const keptInWord = termsOf.get(cp) === 1;
        if (keptInWord !== isWordChar(cp)) wrong.push(cp.toString(16));
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1700);
  });

  it('fold as the words do: case and accents, Yoruba tone and dot marks', () => {
    const pairs = namePairs('Adébáyọ̀ ỌLÁ');
    expect(terms(pairs)).toEqual(
      [`adebayo${JOINER}o`, `adebayo${JOINER}ola`, `ola${JOINER}a`, `ola${JOINER}adebayo`].sort(),
    );
    expect(terms('Adébáyọ̀ ỌLÁ')).toEqual(['adebayo', 'ola']);
  });
});

describe('namePairs', () => {
  it('pairs each word with every other, whole and by its first letter, in both orders', () => {
    expect(namePairs('Lolade Chinedu').split(' ')).toEqual([
      `Lolade${JOINER}Chinedu`,
      `Lolade${JOINER}C`,
      `Chinedu${JOINER}Lolade`,
      `Chinedu${JOINER}L`,
    ]);
  });

  it('splits words as the names index does, once each, and gives a one-letter word once', () => {
    const tokens = terms(namePairs('Ajose-Adeogun ajose O'));
    expect(tokens).toEqual(
      [
        `ajose${JOINER}adeogun`,
        `ajose${JOINER}a`,
        `ajose${JOINER}o`,
        `adeogun${JOINER}ajose`,
        `adeogun${JOINER}a`,
        `adeogun${JOINER}o`,
        `o${JOINER}ajose`,
        `o${JOINER}a`,
        `o${JOINER}adeogun`,
      ].sort(),
    );
  });

  it('has nothing for a single word or none', () => {
    expect(namePairs('Ada')).toBe('');
    expect(namePairs('Ada ADA ada')).toBe('');
    expect(namePairs('')).toBe('');
  });

  it('marks a customer whose names it cannot pair exactly: other scripts, the joiner itself, too many words', () => {
    expect(namePairs('محمد Bello')).toBe(MARKER);
    expect(namePairs('李 Wei')).toBe(MARKER);
    expect(namePairs(`Ada${JOINER}Eze Bello`)).toBe(MARKER);
    expect(namePairs('Ada\u0378 Bello')).toBe(MARKER); // unassigned: a later Unicode may make it a separator
    const many = Array.from({ length: MAX_PAIRED_WORDS + 1 }, (_, i) => `Name${String.fromCharCode(97 + i)}`);
    expect(namePairs(many.join(' '))).toBe(MARKER);
    expect(namePairs(many.slice(0, MAX_PAIRED_WORDS).join(' ')).split(' ')).toHaveLength(
      MAX_PAIRED_WORDS * (MAX_PAIRED_WORDS - 1) * 2,
    );
  });
});

describe('pairsQuery', () => {
  const typed = (word: string): QueryWord => ({ word, prefix: true });
  const whole = (word: string): QueryWord => ({ word, prefix: false });
  const q = (text: string) => `"${text.replace(' ', JOINER)}"`;

  it('asks for the anchor with the start of each other word', () => {
    const words = [typed('lolade'), typed('chi')];
    expect(pairsQuery(words, words[0]!)).toBe(`${q('lolade chi')}*`);
    const three = [typed('ada'), typed('eze'), typed('b')];
    expect(pairsQuery(three, three[1]!)).toBe(`${q('eze ada')}* ${q('eze b')}`);
  });

  it('asks whole words whole, and leaves a one-letter whole word to the names index', () => {
    const words = [whole('lolade'), whole('chinedu')];
    expect(pairsQuery(words, words[0]!)).toBe(q('lolade chinedu'));
    const short = [whole('lolade'), whole('c')];
    expect(pairsQuery(short, short[0]!)).toBeNull();
  });

  it('drops a word the anchor itself matches, and asks nothing when none is left', () => {
    const words = [typed('adebayo'), typed('ade'), typed('o')];
    expect(pairsQuery(words, words[0]!)).toBe(q('adebayo o'));
    const same = [typed('ada'), typed('ada')];
    expect(pairsQuery(same, same[0]!)).toBeNull();
    const exact = [whole('ada'), whole('ada')];
    expect(pairsQuery(exact, exact[0]!)).toBeNull();
  });

  it('asks for the pairs of the few words a prefix starts, each whole, where the index has them', () => {
    const vocabulary: Record<string, string[] | null> = { chi: ['chiamaka', 'chinedu'], b: ['bola'], o: null };
    const starting = (prefix: string) => vocabulary[prefix] ?? null;
    const words = [typed('lolade'), typed('chi'), typed('o')];
    expect(pairsQuery(words, words[0]!, starting)).toBe(
      `(${q('lolade chiamaka')} OR ${q('lolade chinedu')}) AND ${q('lolade o')}`,
    );
    // A one-letter prefix is also a first letter: asked as one token, whatever words it starts.
    const initial = [whole('eze'), typed('b')];
    expect(pairsQuery(initial, initial[0]!, starting)).toBe(q('eze b'));
    // Too many words (null) or none: the prefix as it is.
    const many = [whole('eze'), typed('ol')];
    expect(pairsQuery(many, many[0]!, starting)).toBe(`${q('eze ol')}*`);
  });
});

describe('namesAsPairs', () => {
  const typed = (word: string): QueryWord => ({ word, prefix: true });
  const q = (text: string) => `"${text.replace(' ', JOINER)}"`;
  const index: Record<string, string[]> = { lola: ['lola', 'lolade'], afu: ['afunku'], ad: ['ada', 'adaeze'] };
  const vocabulary = {
    isWhole: (word: string) => word === 'afunku',
    wordsStarting: (prefix: string) => index[prefix] ?? null,
  };

  it('anchors at a word the index has whole, the other prefix read as the words it starts', () => {
    expect(namesAsPairs([typed('lola'), typed('afunku')], vocabulary)).toBe(
      `(${q('afunku lola')} OR ${q('afunku lolade')})`,
    );
    expect(namesAsPairs([typed('xy'), typed('afunku')], vocabulary)).toBe(`${q('afunku xy')}*`);
  });

  it('anchors two prefixes at each word of the one that starts the fewest', () => {
    expect(namesAsPairs([typed('lola'), typed('afu')], vocabulary)).toBe(
      `((${q('afunku lola')} OR ${q('afunku lolade')}))`,
    );
    expect(namesAsPairs([typed('lola'), typed('xy')], vocabulary)).toBe(`(${q('lola xy')}*) OR (${q('lolade xy')}*)`);
  });

  it('leaves to the names index what no pair can ask', () => {
    // No prefix starts a few words.
    expect(namesAsPairs([typed('xy'), typed('zw')], vocabulary)).toBeNull();
    // "ada" alone matches "ad" and "ada": a word of the index, not a pair.
    expect(namesAsPairs([typed('ad'), typed('ada')], vocabulary)).toBeNull();
  });
});
