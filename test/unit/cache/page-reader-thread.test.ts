// The page reader's side of its channel to the cache worker, run on this thread over real message ports:
// each page's bytes are freed as soon as the page is read, and the reader's heap is collected every
// PAGES_PER_COLLECTION pages, so what reading pages leaves behind does not gather between V8's own full
// collections (memory the C allocator would keep after the sync).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageReader } from '../../../src-main/cache/sync/page-reader';
import { PAGES_PER_COLLECTION, readPage, runPageReader } from '../../../src-main/cache/threads/page-reader-thread';
import type { ReadAnswer, ReadAsk } from '../../../src-main/cache/threads/page-reader-protocol';
import { fillerCustomers, syncedCacheFile } from '../../support/generated-customers';
import { TEST_KEYS, testSeal } from '../../support/cache-keys';

const customers = fillerCustomers(0, 20);
const pageText = JSON.stringify({
  statusCode: 200,
  data: customers,
  pagination: { pages: 1, page: 0, limit: 100, total: customers.length },
});

let dir: string;
let channels: MessageChannel[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-reader-thread-'));
  channels = [];
});
afterEach(() => {
  for (const c of channels) {
    c.port1.close();
    c.port2.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

describe("the page reader's thread", () => {
  it('frees the bytes of a page it was handed whole, and leaves alone bytes that share their buffer', () => {
    const reader = new PageReader(testSeal);
    const whole = new Uint8Array(Buffer.from(pageText));
    const sent = readPage(reader, whole, 0);
    expect(sent.readable && sent.columns.id).toEqual(customers.map((c) => c._id));
    expect(whole.buffer.detached).toBe(true);

    const bytes = Buffer.from(pageText);
    const shared = new Uint8Array(bytes.length + 8);
    shared.set(bytes, 8);
    const view = shared.subarray(8);
    expect(readPage(reader, view, 0).readable).toBe(true);
    expect(shared.buffer.detached).toBe(false);
  });

  it(`answers every page in order and collects its heap every ${PAGES_PER_COLLECTION} pages`, async () => {
    const file = join(dir, 'customers.sqlite');
    syncedCacheFile(file, customers.slice(0, 5));
    const caller = new MessageChannel();
    const writer = new MessageChannel();
    channels.push(caller, writer);
    let collections = 0;
    runPageReader(caller.port1, writer.port1, async () => collections++);

    const pages = 2 * PAGES_PER_COLLECTION + 3;
    const answers: ReadAnswer[] = [];
    const all = new Promise<void>((resolve) =>
      writer.port2.on('message', (a: ReadAnswer) => {
        answers.push(a);
        if (answers.length === pages) resolve();
      }),
    );
    writer.port2.postMessage({ type: 'open', file, keys: TEST_KEYS } satisfies ReadAsk);
    for (let id = 1; id <= pages; id++) {
      const body = new Uint8Array(Buffer.from(pageText));
      writer.port2.postMessage({ type: 'read', id, page: 0, body } satisfies ReadAsk, [body.buffer]);
    }
    await all;
    expect(answers.map((a) => a.id)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(answers.every((a) => a.ok && a.page.readable && a.page.columns.id.length === customers.length)).toBe(true);
    expect(collections).toBe(2);
  });
});
