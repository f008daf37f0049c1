// A page of a filtered SELECT on a real SQLite table: the page window, the total, and LIKE literals.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../../src-shared/api/requests';
import { likeLiteral, selectPage } from '../../../src-main/storage/paged-select';

describe('selectPage', () => {
  let db: DatabaseSync;
  beforeAll(() => {
    db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE items (n INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO items (n, name, kind) VALUES (?, ?, ?)');
    for (let n = 1; n <= 250; n++) insert.run(n, n % 10 === 0 ? `tenth_${n}%` : `item ${n}`, n % 2 ? 'odd' : 'even');
  });
  afterAll(() => db.close());

  const page = (over: Partial<Parameters<typeof selectPage>[1]>) =>
    selectPage(db, {
      from: 'items',
      columns: 'n',
      where: [],
      params: {},
      orderBy: 'n DESC',
      page: 0,
      limit: 20,
      ...over,
    });
  const ns = (rows: unknown[]) => (rows as { n: number }[]).map((r) => r.n);

  it('gives the page asked for, in order, with the total over all pages', () => {
    const { rows, total } = page({ page: 2, limit: 20 });
    expect(total).toBe(250);
    expect(ns(rows)).toEqual(Array.from({ length: 20 }, (_, i) => 210 - i));
  });

  it('joins conditions with AND and counts only what matches', () => {
    const { rows, total } = page({ where: ['kind = :kind', 'n > :above'], params: { kind: 'odd', above: 240 } });
    expect(total).toBe(5);
    expect(ns(rows)).toEqual([249, 247, 245, 243, 241]);
  });

  it('clamps the window: a limit to 1..MAX_PAGE_SIZE, a negative or fractional page to a whole one from 0', () => {
    expect(ns(page({ limit: 0 }).rows)).toEqual([250]);
    expect(page({ limit: MAX_PAGE_SIZE + 50 }).rows).toHaveLength(Math.min(MAX_PAGE_SIZE, 250));
    expect(ns(page({ page: -3, limit: 2 }).rows)).toEqual([250, 249]);
    expect(ns(page({ page: 1.9, limit: 2.7 }).rows)).toEqual([248, 247]);
  });

  it('matches %, _ and \\ literally once escaped', () => {
    expect(likeLiteral('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
    const like = (text: string) => page({ where: ["name LIKE :text ESCAPE '\\'"], params: { text } }).total;
    expect(like(`%${likeLiteral('_2')}%`)).toBe(7); // tenth_20% and tenth_200% to tenth_250%
    expect(like(`%${likeLiteral('0%')}`)).toBe(25);
    expect(like(`%${likeLiteral('%')}%`)).toBe(25);
    expect(like('%_2%')).toBeGreaterThan(7); // unescaped, `_` is any character
  });
});
