// The page reader's thread: the cache worker's file run in another role, started beside the worker by
// CacheWriter. It sends the sync's HTTP requests for the calling thread (on its own port, so an answer
// never waits behind the worker's writes) and reads each synced page's bytes into rows to write for the
// worker (page-reader.ts, over a channel between the two), so the worker's thread does little but write:
// reading page n + 1 overlaps writing page n. Pages are answered in the order they were given.
import { DatabaseSync } from 'node:sqlite';
import type { MessagePort } from 'node:worker_threads';
import { transportErrorCodes } from '../../api/transport-error-codes';
import { fetchWhole } from '../../api/http-transport';
import { presentedIn } from '../../api/network-failures';
import { isSignInReply, remoteSignIn } from '../../api/proxy-sign-in-bridge';
import { errorMessage } from '../../errors/error-message';
import { PageReader } from '../sync/page-reader';
import { RecordSeal } from '../store/record-seal';
import { readSharedStrings } from '../store/shared-strings';
import type { HttpAnswer, HttpAsk, ReadAnswer, ReadAsk } from './page-reader-protocol';
import { buffersOf, type SentPage, toSent } from './sent-page';
import { collectHeap } from './release-memory';
import { freeBytes } from '../store/freed-bytes';

/**
 * Pages read between two full collections of the reader's heap. What a page leaves behind (the buffers
 * its bytes came in from the network and sealing it takes, ~90 KB outside V8's heap) outlives the scavenges
 * of the pages after it, so only a full collection frees it, and V8 starts one only once tens of MB have
 * gathered. The C allocator keeps what that peak took for the rest of the process's life, so the reader
 * collects every so many pages (docs/benchmarks.md: main's memory after a sync).
 */
export const PAGES_PER_COLLECTION = 64;

/** The page read, and its bytes freed at once when the message handed them over whole (no other view shares them). */
export function readPage(reader: PageReader, body: Uint8Array, page: number): SentPage {
  const sent = toSent(reader.read(body, page));
  freeBytes(body);
  return sent;
}

/** The strings customer_strings holds, read on a connection of the reader's own. */
function knownStrings(file: string, seal: RecordSeal): [number, string][] {
  const db = new DatabaseSync(file, { readOnly: true, timeout: 1000 });
  try {
    return readSharedStrings(db, seal);
  } finally {
    db.close();
  }
}

/**
 * The thread's side: `caller` sends requests, `writer` (the worker) has pages read, in order. `collect`
 * runs a full collection of the thread's heap (collectHeap).
 */
export function runPageReader(
  caller: MessagePort,
  writer: MessagePort,
  collect: () => Promise<unknown> = () => collectHeap(),
): void {
  // The cache's keys come with the worker's first message, 'open' (never in workerData or a file).
  let reader: PageReader | null = null;
  let pagesRead = 0;
  writer.on('message', (m: ReadAsk) => {
    if (m.type === 'open') {
      const seal = new RecordSeal(m.keys);
      try {
        reader = new PageReader(seal, knownStrings(m.file, seal));
      } catch {
        // Unreadable now: new strings are numbered from 1, and the store refuses a number that means
        // another text there, failing that page rather than storing a wrong record.
        reader = new PageReader(seal);
      }
      return;
    }
    let answer: ReadAnswer;
    try {
      if (!reader) throw new Error('The page reader has no cache open.');
      answer = { id: m.id, ok: true, page: readPage(reader, m.body, m.page) };
    } catch (e) {
      answer = { id: m.id, ok: false, message: errorMessage(e) };
    }
    // A page's sealed groups and blind indexes are in two buffers (sent-page.ts): handed over, not copied.
    writer.postMessage(answer, answer.ok ? buffersOf(answer.page) : []);
    if (++pagesRead % PAGES_PER_COLLECTION === 0) void collect();
  });

  const inFlight = new Map<number, AbortController>();
  // A proxy's sign-in is answered by the calling thread, which holds the Kerberos support (proxy-sign-in-bridge.ts).
  const proxySignIn = remoteSignIn((ask) => caller.postMessage(ask));
  caller.on('message', (m: HttpAsk) => {
    if (isSignInReply(m)) {
      proxySignIn.receive(m);
      return;
    }
    if (m.type === 'abort') {
      inFlight.get(m.id)?.abort(new Error('The request was cancelled.'));
      return;
    }
    const abort = new AbortController();
    inFlight.set(m.id, abort);
    const { url, method, headers, body, network } = m.request;
    const signIn = proxySignIn.signIn;
    fetchWhole(url, { method, headers, body, network, signIn, signal: abort.signal, redirect: 'manual' })
      .then(
        (answer) =>
          caller.postMessage({ id: m.id, ok: true, answer } satisfies HttpAnswer, [answer.body.buffer as ArrayBuffer]),
        (e: unknown) =>
          caller.postMessage({
            id: m.id,
            ok: false,
            message: errorMessage(e),
            codes: transportErrorCodes(e),
            presented: presentedIn(e),
          } satisfies HttpAnswer),
      )
      .finally(() => inFlight.delete(m.id));
  });
}
