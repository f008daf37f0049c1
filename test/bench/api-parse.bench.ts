// The largest answer the client accepts (16 MB decoded), as the Electron main process gets it: a list of
// real customer records from the local sandbox, repeated up to just under the cap and served by a plain
// HTTP server. Figures: JSON.parse alone, taking the whole parsed answer from a worker in one message,
// and the longest the event loop was held during a whole client call (read, parse, envelope check), which
// is what the window would feel: with the answer reader (the parse and the check on its thread, the
// records taken in slice by slice; src-main/api/answer-reader.ts) and, for comparison, on the calling thread.
import { createServer } from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { deserialize, serialize } from 'node:v8';
import { AnswerReader } from '../../src-main/api/answer-reader';
import { createCardApiClient } from '../../src-main/api/client';
import { MAX_ANSWER_BYTES } from '../../src-main/api/http-transport';
import { startSandbox } from '../../src-main/sandbox';
import type { Benchmark } from './benchmark';

const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A customers page envelope of real records with fresh ids, as close under `limit` bytes as they fit. */
async function largestAnswer(limit: number): Promise<{ text: string; records: number }> {
  const sandbox = await startSandbox({ customers: 100, seed: 5 });
  try {
    const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
    const page = await api.listCustomers({ page: 0, limit: 100 });
    if (!page.ok) throw new Error(page.error.message);
    const records: unknown[] = [];
    let size = 100;
    for (let i = 0; ; i++) {
      const source = page.data[i % page.data.length]!;
      const record = { ...source, _id: i.toString(16).padStart(24, '0') };
      const bytes = JSON.stringify(record).length + 1;
      if (size + bytes > limit) break;
      records.push(record);
      size += bytes;
    }
    const text = JSON.stringify({
      status: 'success',
      message: 'Customers fetched',
      data: records,
      pagination: { total: records.length, pages: 1, page: 0, limit: records.length },
    });
    return { text, records: records.length };
  } finally {
    await sandbox.stop();
  }
}

export const apiParseBenchmark: Benchmark = {
  name: 'api-parse',
  async run({ print }) {
    const { text, records } = await largestAnswer(MAX_ANSWER_BYTES - 1024);
    const body = Buffer.from(text);
    print(`answer: ${(body.length / 1024 / 1024).toFixed(2)} MB, ${records.toLocaleString('en')} customers`);

    const parses: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      JSON.parse(text);
      parses.push(performance.now() - t);
    }
    print(`JSON.parse of the answer: median ${median(parses).toFixed(1)} ms of ${RUNS}`);
    // What the calling thread would still pay if a worker parsed it: taking the parsed answer in
    // (structured clone, as a worker's message arrives).
    const cloned = serialize(JSON.parse(text));
    const receives: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      deserialize(cloned);
      receives.push(performance.now() - t);
    }
    print(`taking the parsed answer from a worker: median ${median(receives).toFixed(1)} ms of ${RUNS}`);

    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    /** The median call and longest hold of the event loop over RUNS calls of a client. */
    const measure = async (answers: AnswerReader | null) => {
      const api = createCardApiClient({ baseUrl: `http://127.0.0.1:${port}`, getKey: async () => 'sk_bench', answers });
      const blocks: number[] = [];
      const calls: number[] = [];
      // The longest pause of this thread's garbage collector during each call (wall time, as the loop felt it).
      const gcs: number[] = [];
      let longestGc = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
      });
      observer.observe({ entryTypes: ['gc'] });
      for (let i = 0; i < RUNS; i++) {
        longestGc = 0;
        // The longest gap between ticks of a 1 ms timer: how long the thread was held at a stretch.
        let last = performance.now();
        let longest = 0;
        const ticker = setInterval(() => {
          const at = performance.now();
          longest = Math.max(longest, at - last);
          last = at;
        }, 1);
        const t = performance.now();
        const answer = await api.listCustomers({ page: 0, limit: 100 });
        calls.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 2));
        clearInterval(ticker);
        if (!answer.ok) throw new Error(answer.error.message);
        if (answer.data.length !== records) throw new Error('the answer lost records');
        blocks.push(longest);
        gcs.push(longestGc);
      }
      observer.disconnect();
      return { call: median(calls), block: median(blocks), gc: median(gcs) };
    };
    const reader = new AnswerReader();
    let off: Awaited<ReturnType<typeof measure>>;
    let here: Awaited<ReturnType<typeof measure>>;
    try {
      off = await measure(reader);
      here = await measure(null);
    } finally {
      await reader.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    print(
      `client call with the answer reader: median ${off.call.toFixed(1)} ms; longest hold of the event loop: median ${off.block.toFixed(1)} ms, of which the longest garbage collection ${off.gc.toFixed(1)} ms`,
    );
    print(
      `client call read on the calling thread: median ${here.call.toFixed(1)} ms; longest hold: median ${here.block.toFixed(1)} ms, longest garbage collection ${here.gc.toFixed(1)} ms`,
    );
    return {
      api_parse_16mb_ms: median(parses),
      api_worker_receive_16mb_ms: median(receives),
      api_answer_16mb_block_ms: off.block,
      api_answer_16mb_call_ms: off.call,
      api_answer_16mb_gc_ms: off.gc,
      api_answer_16mb_inline_block_ms: here.block,
      api_answer_16mb_inline_call_ms: here.call,
    };
  },
};
