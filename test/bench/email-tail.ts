// What an email search costs on a cache whose sync stopped part-way: the rows after the last email chunk
// are read from the customers table (MatchingRows.emailTail, src-main/cache/search/matching-rows.ts). Run: npx tsx test/bench/email-tail.ts [N]
// (N customers, default 300,000; the tail is EMAIL_CHUNK - 1 rows, its largest size, whatever N is).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CustomerReader } from '../../src-main/cache/store/customer-reader';
import { EMAIL_CHUNK } from '../../src-main/cache/store/customer-store';
import { openReader, openWriter } from '../../src-main/cache/store/database';
import { planSearch } from '../../src-main/cache/search/search-plan';
import { fillerCustomers, syncedCacheFile } from '../support/generated-customers';
import { testSeal } from '../support/cache-keys';

const total = Number(process.argv[2] ?? 300_000);
const dir = mkdtempSync(join(tmpdir(), 'card-desk-email-tail-'));
const file = join(dir, 'customers.sqlite');
syncedCacheFile(file, fillerCustomers(0, total));
const reader = new CustomerReader(openReader(file), testSeal);
const queries = Array.from({ length: 40 }, (_, k) => {
  const i = Math.floor(((k + 0.5) * total) / 40);
  return fillerCustomers(i, 1)[0]!.emailAddress!;
});
const time = (label: string) => {
  for (const q of queries) reader.search(planSearch(q), 50); // warm
  const ms: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    const page = reader.search(planSearch(q), 50);
    ms.push(performance.now() - t);
    if (page.customers.length === 0) throw new Error(`not found: ${q}`);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label}: p50 ${ms[20]!.toFixed(2)} ms, p95 ${ms[38]!.toFixed(2)} ms`);
};
time('every email in customer_emails');
// A sync stopped just before its next chunk: the last EMAIL_CHUNK - 1 rows are not in customer_emails.
const { db } = openWriter(file, testSeal);
const last = Number(db.prepare('SELECT max(seq) AS s FROM customers').get()?.s);
const through = last - (EMAIL_CHUNK - 1);
db.prepare('DELETE FROM customer_emails WHERE seq > ?').run(through);
db.prepare("UPDATE meta SET value = ? WHERE key = 'emails_through_seq'").run(through);
db.close();
time(`a tail of ${(EMAIL_CHUNK - 1).toLocaleString('en')} rows`);
reader.close();
rmSync(dir, { recursive: true, force: true });
