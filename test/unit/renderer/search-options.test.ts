// What Ctrl+K offers for a text: customers first, then known cards, and a whole id nobody has as a card.
import { describe, expect, it } from 'vitest';
import { searchOptions, wholeIdOf } from '../../../src-renderer/app/searchOptions';

const id = (n: number) => n.toString(16).padStart(24, 'a');

describe('searchOptions', () => {
  it('reads a whole id in any case and with stray spaces', () => {
    expect(wholeIdOf(`  ${id(5).toUpperCase()} `)).toBe(id(5));
    expect(wholeIdOf(id(5).slice(1))).toBeNull();
    expect(wholeIdOf('ada@example.ng')).toBeNull();
  });

  it('offers a whole id that no customer or known card has as a card to look up, first', () => {
    const options = searchOptions(id(7).toUpperCase(), []);
    expect(options).toEqual([{ kind: 'card', id: id(7), card: null }]);
  });

  it('does not offer the id again when a customer or a known card has it', () => {
    expect(searchOptions(id(7), [{ _id: id(7), name: 'Ada' }]).map((o) => o.kind)).toEqual(['customer']);
    expect(searchOptions(id(7), [], [{ _id: id(7), brand: 'Verve' }]).map((o) => [o.kind, o.id])).toEqual([
      ['card', id(7)],
    ]);
  });

  it('lists customers before known cards', () => {
    const options = searchOptions('1234', [{ _id: id(1) }], [{ _id: id(2) }]);
    expect(options.map((o) => o.kind)).toEqual(['customer', 'card']);
  });
});
