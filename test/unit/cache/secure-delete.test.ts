// What a sync deletes does not stay in the cache file: a customer the service no longer lists is pruned, and
// afterwards none of their readable columns (name words, email, national phone number) is anywhere in the
// file's bytes, free pages and full-text segments included (secure_delete, database.ts; the indexes purged,
// full-text-indexes.ts), once the file is closed; nor are the old name and phone of a customer who changed them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { customer, fillerCustomers, syncedCacheFile } from '../../support/generated-customers';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-secure-delete-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a pruned customer', () => {
  it('leaves no name, email or phone in the file', () => {
    const file = join(dir, 'customers.sqlite');
    const leaving = customer(9001, {
      first: 'Zebulonqa',
      last: 'Quixoticqa',
      email: 'zebulon.quixotic@leaving.example',
      phone: '+2348091357913',
    });
    const renamed = customer(9002, { first: 'Oldnameqa', last: 'Formerqa', phone: '+2348072468024' });
    const staying = fillerCustomers(0, 300);
    syncedCacheFile(file, [...staying.slice(0, 150), leaving, renamed, ...staying.slice(150)]);
    const before = readFileSync(file);
    expect(before.includes('zebulonqa')).toBe(true);
    expect(before.includes('oldnameqa')).toBe(true);
    const now = customer(9002, { first: 'Newnameqa', last: 'Formerqa', phone: '+2348011112222' });
    syncedCacheFile(file, [...staying, now]);
    const after = readFileSync(file);
    for (const trace of ['zebulonqa', 'quixoticqa', 'leaving.example', '8091357913', 'oldnameqa', '8072468024'])
      expect(after.includes(trace), trace).toBe(false);
    expect(after.includes('newnameqa')).toBe(true);
  });
});
