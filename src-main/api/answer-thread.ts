// The answer reader: a worker thread that parses a large answer and checks it against its envelope, so the
// thread that serves the window is never held by a 16 MB JSON.parse or its check. The records come back
// in slices the caller asks for (answer-protocol.ts). Bundled on its own, self-contained
// (out/main/answer-worker.js; electron.vite.config.ts).
import { parentPort } from 'node:worker_threads';
import type { z } from 'zod';
import { errorMessage } from '../errors/error-message';
import type { AnswerAsk, AnswerReply } from './answer-protocol';
import { SLICE_BYTES } from './answer-protocol';
import { type Envelope, parseJson, readEnvelope } from './envelope-reader';
import { ENVELOPES, isEnvelopeName } from './envelopes';

/** The records still to hand over, per read, and how many go in a slice. */
const held = new Map<number, { rows: unknown[]; at: number; per: number }>();

/** What the failures read of an error answer (failures.ts, serverMessage): its message, nothing more. */
function errorBody(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  return 'message' in body ? { message: body.message } : {};
}

function nextSlice(id: number): AnswerReply {
  const h = held.get(id);
  if (!h) return { type: 'failed', id, message: 'The answer is no longer held.' };
  const rows = h.rows.slice(h.at, h.at + h.per);
  h.at += rows.length;
  const more = h.at < h.rows.length;
  if (!more) held.delete(id);
  return { type: 'slice', id, rows, more };
}

function read(ask: Extract<AnswerAsk, { type: 'read' }>): AnswerReply {
  const { id, bytes } = ask;
  const body = parseJson(Buffer.from(bytes).toString('utf8'));
  if (ask.envelope === null) return { type: 'body', id, body: errorBody(body) };
  const name: unknown = ask.envelope;
  if (!isEnvelopeName(name)) return { type: 'failed', id, message: `No envelope named ${String(name)}.` };
  const envelope = readEnvelope(ENVELOPES[name] as z.ZodType<Envelope<unknown>>, body);
  if (!envelope) return { type: 'unreadable', id, problem: body === undefined ? 'not JSON' : 'not the envelope' };
  const { data } = envelope;
  if (!Array.isArray(data)) return { type: 'envelope', id, envelope, more: false };
  // As many records a slice as stand for about SLICE_BYTES of the answer.
  const per = Math.max(1, Math.floor((data.length * SLICE_BYTES) / Math.max(1, bytes.byteLength)));
  if (data.length <= per) return { type: 'envelope', id, envelope, more: false };
  held.set(id, { rows: data, at: per, per });
  return { type: 'envelope', id, envelope: { ...envelope, data: data.slice(0, per) }, more: true };
}

function answer(ask: AnswerAsk): AnswerReply | null {
  try {
    if (ask.type === 'read') return read(ask);
    if (ask.type === 'more') return nextSlice(ask.id);
    held.delete(ask.id);
    return null;
  } catch (error) {
    held.delete(ask.id);
    return { type: 'failed', id: ask.id, message: errorMessage(error) };
  }
}

parentPort?.on('message', (ask: AnswerAsk) => {
  const reply = answer(ask);
  if (reply) parentPort?.postMessage(reply);
});
