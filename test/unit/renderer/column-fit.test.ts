import { describe, expect, it } from 'vitest';
import { DEFAULT_MIN_WIDTH, fitColumns, gridTemplate } from '../../../src-renderer/components/lists/columnFit';

const cols = [
  { id: 'name', minWidth: 160 },
  { id: 'email', priority: 2 },
  { id: 'phone', width: 150, priority: 3 },
  { id: 'kyc', width: 120 },
  { id: 'id', width: 170, priority: 3 },
];
const ids = (c: { id: string }[]) => c.map((x) => x.id);

describe('fitColumns', () => {
  it('keeps every column before the width is known and when they fit', () => {
    expect(ids(fitColumns(cols, null))).toEqual(ids(cols));
    expect(ids(fitColumns(cols, 160 + DEFAULT_MIN_WIDTH + 150 + 120 + 170))).toEqual(ids(cols));
  });

  it('drops the highest priority number first, the rightmost of a tie first', () => {
    const all = 160 + DEFAULT_MIN_WIDTH + 150 + 120 + 170;
    expect(ids(fitColumns(cols, all - 1))).toEqual(['name', 'email', 'phone', 'kyc']);
    expect(ids(fitColumns(cols, all - 171))).toEqual(['name', 'email', 'kyc']);
    expect(ids(fitColumns(cols, 160 + 120 + DEFAULT_MIN_WIDTH - 1))).toEqual(['name', 'kyc']);
  });

  it('never drops a priority-1 column, however narrow', () => {
    expect(ids(fitColumns(cols, 10))).toEqual(['name', 'kyc']);
  });
});

describe('gridTemplate', () => {
  it('gives fixed columns their width and flexible ones a share above their least width', () => {
    expect(gridTemplate([{ minWidth: 160 }, {}, { width: 120 }])).toBe(
      `minmax(160px, 1fr) minmax(${DEFAULT_MIN_WIDTH}px, 1fr) 120px`,
    );
  });

  it('gives a flexible column with more to show a larger share', () => {
    expect(
      gridTemplate([
        { minWidth: 150, grow: 2 },
        { minWidth: 180, grow: 3 },
      ]),
    ).toBe('minmax(150px, 2fr) minmax(180px, 3fr)');
  });
});
