// When the idle cache worker rests (src-main/cache/threads/writer-rest.ts), on the clock alone: the
// integration test (test/integration/cache/writer-rest.test.ts) runs it with real threads.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { WriterRest, type RestingWriter } from '../../../src-main/cache/threads/writer-rest';

const AFTER_MS = 1_000;

class Writer implements RestingWriter {
  alive = true;
  requests = 0;
  busy = false;
}

function watched(writer: Writer | null, held = () => false) {
  const rested: RestingWriter[] = [];
  const rest = new WriterRest<Writer>({ afterMs: AFTER_MS, writer: () => writer, held, rest: (w) => rested.push(w) });
  rest.watch();
  return { rest, rested };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

it('rests a worker idle for the whole time, once', () => {
  const writer = new Writer();
  const { rested } = watched(writer);
  vi.advanceTimersByTime(AFTER_MS);
  expect(rested).toEqual([]);
  vi.advanceTimersByTime(AFTER_MS);
  expect(rested).toEqual([writer]);
  vi.advanceTimersByTime(10 * AFTER_MS);
  expect(rested).toHaveLength(1);
});

it('counts the idle time from the last request', () => {
  const writer = new Writer();
  const { rested } = watched(writer);
  for (let i = 0; i < 5; i++) {
    vi.advanceTimersByTime(AFTER_MS / 2);
    writer.requests++;
  }
  expect(rested).toEqual([]);
  vi.advanceTimersByTime(AFTER_MS * 1.5);
  expect(rested).toEqual([writer]);
});

it('never rests a worker with a request in flight, nor one a sync holds', () => {
  const writer = new Writer();
  let held = false;
  const { rested } = watched(writer, () => held);
  writer.busy = true;
  vi.advanceTimersByTime(5 * AFTER_MS);
  writer.busy = false;
  held = true;
  vi.advanceTimersByTime(5 * AFTER_MS);
  expect(rested).toEqual([]);
  held = false;
  vi.advanceTimersByTime(AFTER_MS * 1.5);
  expect(rested).toEqual([writer]);
});

it('stops watching when the worker has stopped, or none runs', () => {
  const writer = new Writer();
  writer.alive = false;
  expect(watched(writer).rested).toEqual([]);
  expect(watched(null).rested).toEqual([]);
  vi.advanceTimersByTime(5 * AFTER_MS);
  expect(vi.getTimerCount()).toBe(0);
});

it('watches a worker started after a rest as new', () => {
  const first = new Writer();
  let current = first;
  const rested: RestingWriter[] = [];
  const rest = new WriterRest<Writer>({
    afterMs: AFTER_MS,
    writer: () => current,
    held: () => false,
    rest: (w) => rested.push(w),
  });
  rest.watch();
  vi.advanceTimersByTime(2 * AFTER_MS);
  expect(rested).toEqual([first]);
  current = new Writer();
  rest.watch();
  vi.advanceTimersByTime(AFTER_MS);
  expect(rested).toHaveLength(1);
  vi.advanceTimersByTime(AFTER_MS);
  expect(rested).toHaveLength(2);
  expect(rested[1]).toBe(current);
});
