// The test reader itself must be right, or the export tests prove nothing.
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../support/read-csv';

describe('readCsv (test reader)', () => {
  it('reads back what csv-stringify writes, quotes, commas and line breaks included', () => {
    const records = [
      ['id', 'name', 'note'],
      ['1', 'Obi, Ada', 'said "hi"'],
      ['2', 'line\nbreak', ''],
      ['3', 'crlf\r\nin field', ' spaced '],
    ];
    expect(readCsv(stringify(records))).toEqual(records);
    expect(
      readCsv(`\uFEFF${stringify(records, { record_delimiter: 'windows', quote_record_delimiter: true })}`),
    ).toEqual(records);
  });

  it('rejects a file cut inside a quoted field', () => {
    expect(() => readCsv('a,"b\n')).toThrow(/inside a quoted field/);
  });
});
