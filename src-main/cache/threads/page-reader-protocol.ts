// The messages of the page reader's thread (page-reader-thread.ts): requests from the calling thread
// (page-reader-handle.ts) and pages to read from the cache worker (page-reader-client.ts).
import type { WholeAnswer } from '../../api/http-transport';
import type { SignInReply } from '../../api/proxy-sign-in-bridge';
import type { PresentedCertificate } from '../../api/trust-store';
import type { CacheKeys } from '../store/record-seal';
import type { SentPage } from './sent-page';
import type { HttpRequest } from './worker-protocol';

/** workerData.role that starts the cache worker's file as the page reader. */
export const PAGE_READER_ROLE = 'page-reader';

/** From the calling thread: requests to send, and answers to the reader's proxy sign-in asks. */
export type HttpAsk = { type: 'http'; id: number; request: HttpRequest } | { type: 'abort'; id: number } | SignInReply;
export type HttpAnswer =
  | { id: number; ok: true; answer: WholeAnswer }
  | { id: number; ok: false; message: string; codes: string[]; presented: PresentedCertificate | null };

/** From the worker: the cache file to number shared strings from, with its keys, and pages to read. */
export type ReadAsk =
  { type: 'open'; file: string; keys: CacheKeys } | { type: 'read'; id: number; page: number; body: Uint8Array };
export type ReadAnswer = { id: number; ok: true; page: SentPage } | { id: number; ok: false; message: string };
