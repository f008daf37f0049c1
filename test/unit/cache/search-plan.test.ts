import { describe, expect, it } from 'vitest';
import { isBrowse, namesMatch, planSearch, queryWords } from '../../../src-main/cache/search/search-plan';

describe('planSearch', () => {
  it('browses on an empty query', () => {
    expect(isBrowse(planSearch('   '))).toBe(true);
  });

  it('searches name words exactly first, then as prefixes, and the email prefix of a single word', () => {
    const plan = planSearch('Ada');
    expect(plan.exact).toEqual([
      { kind: 'names', words: ['Ada'], prefix: false },
      { kind: 'email', exact: true, value: 'ada' },
    ]);
    expect(plan.prefix).toEqual([
      { kind: 'names', words: ['Ada'], prefix: true },
      { kind: 'email', exact: false, value: 'ada' },
    ]);
  });

  it('needs every word of a several-word query and does not treat it as an email', () => {
    expect(planSearch('ada  obi').prefix).toEqual([{ kind: 'names', words: ['ada', 'obi'], prefix: true }]);
  });

  it('treats a query with @ as an email only', () => {
    expect(planSearch('Ada.Obi@Mail').prefix).toEqual([{ kind: 'email', exact: false, value: 'ada.obi@mail' }]);
  });

  it('treats digits in phone form as the national number', () => {
    expect(planSearch('+234 803 12').prefix).toEqual([{ kind: 'phone', match: '"80312"*' }]);
  });

  it('also tries an id prefix for hex of four characters or more', () => {
    expect(planSearch('61CF99').prefix).toContainEqual({ kind: 'id', exact: false, value: '61cf99' });
    expect(planSearch('6199').prefix).toEqual([
      { kind: 'phone', match: '"6199"*' },
      { kind: 'id', exact: false, value: '6199' },
    ]);
    expect(planSearch('abc').prefix.some((m) => m.kind === 'id')).toBe(false);
  });

  it('cannot be broken by FTS5 syntax in the query', () => {
    const [prefix] = planSearch('"ada" OR (obi*').prefix;
    expect(prefix).toEqual({ kind: 'names', words: ['ada', 'OR', 'obi'], prefix: true });
    expect(namesMatch(prefix as Extract<typeof prefix, { kind: 'names' }>)).toBe('"ada"* "OR"* "obi"*');
  });

  it('asks the names index for each word quoted, whole or as a prefix', () => {
    expect(namesMatch({ kind: 'names', words: ['Ada', 'O"bi'], prefix: false })).toBe('"Ada" "O""bi"');
    expect(namesMatch({ kind: 'names', words: ['Ada', 'O"bi'], prefix: true })).toBe('"Ada"* "O""bi"*');
  });
});

describe('queryWords', () => {
  it('splits like the unicode61 tokenizer and keeps letters with their diacritics', () => {
    expect(queryWords("O'Brien-Ọkàfọ̀ ")).toEqual(['O', 'Brien', 'Ọkàfọ̀'.normalize('NFC')]);
  });
});
