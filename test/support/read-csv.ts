// A small RFC 4180 reader for checking exported files: quoted fields, doubled quotes, commas and line
// breaks inside quotes, LF or CRLF records, and a leading byte order mark.
export function readCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
      } else {
        field += ch;
        i += 1;
      }
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      endField();
      i += 1;
    } else if (ch === '\r' && input[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else if (ch === '\n') {
      endRecord();
      i += 1;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (quoted) throw new Error('CSV ends inside a quoted field');
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/** Records as objects keyed by the header row. */
export function readCsvObjects(text: string): { headers: string[]; rows: Record<string, string>[] } {
  const [headers = [], ...records] = readCsv(text);
  for (const r of records)
    if (r.length !== headers.length) throw new Error(`a record has ${r.length} fields, the header ${headers.length}`);
  return { headers, rows: records.map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i]!]))) };
}
