import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_EXPANDED_WORDS, NameVocabulary } from '../../../src-main/cache/search/name-vocabulary';
import type { NamesMatcher } from '../../../src-main/cache/search/search-plan';

// The vocabulary reads the names index's words through one statement; here they come from a table of
// the same words, so what a matcher becomes can be checked word by word.
let db: DatabaseSync;
let vocabulary: NameVocabulary;

const WORDS = ['ada', 'augustina', 'augustinah', 'augustine', 'obi', 'okafor'];
const MANY = Array.from({ length: MAX_EXPANDED_WORDS + 1 }, (_, i) => `chinonso${String(i).padStart(2, '0')}`);

beforeEach(() => {
  db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE words (term TEXT PRIMARY KEY)');
  const insert = db.prepare('INSERT INTO words (term) VALUES (?)');
  for (const word of [...WORDS, ...MANY]) insert.run(word);
  vocabulary = new NameVocabulary(db.prepare('SELECT term FROM words WHERE term >= ? ORDER BY term LIMIT 1'));
});

afterEach(() => db.close());

const prefixes = (...words: string[]): NamesMatcher => ({ kind: 'names', words, prefix: true });

describe('NameVocabulary.expandLongPrefixes', () => {
  it('turns a prefix longer than the prefix indexes into the words it starts', () => {
    expect(vocabulary.expandLongPrefixes(prefixes('Augustin'))).toBe('("augustina" OR "augustinah" OR "augustine")');
  });

  it('joins an expanded word to the others with AND', () => {
    expect(vocabulary.expandLongPrefixes(prefixes('ada', 'augustin'))).toBe(
      '"ada"* AND ("augustina" OR "augustinah" OR "augustine")',
    );
  });

  it('leaves short prefixes, words of no customer, too many words and non-ASCII words as prefixes', () => {
    expect(vocabulary.expandLongPrefixes(prefixes('augus', 'obi'))).toBe('"augus"* "obi"*');
    expect(vocabulary.expandLongPrefixes(prefixes('zzzzzzzz'))).toBe('"zzzzzzzz"*');
    expect(vocabulary.expandLongPrefixes(prefixes('chinonso'))).toBe('"chinonso"*');
    expect(vocabulary.expandLongPrefixes(prefixes('augustìna'))).toBe('"augustìna"*');
  });

  it('asks whole words as they are', () => {
    expect(vocabulary.expandLongPrefixes({ kind: 'names', words: ['Augustin', 'obi'], prefix: false })).toBe(
      '"Augustin" "obi"',
    );
  });
});

describe('NameVocabulary.state', () => {
  it('tells a whole word, the start of a longer one, and a word of no customer apart', () => {
    expect(vocabulary.state('obi')).toBe('whole');
    expect(vocabulary.state('augustina')).toBe('starts');
    expect(vocabulary.state('augustine')).toBe('whole');
    expect(vocabulary.state('okaf')).toBe('absent');
  });
});
