// Large answers are read on the answer reader's thread (src-main/api/answer-reader.ts): real customer
// records from the local sandbox, served as one answer of several megabytes by a plain HTTP server and
// read through the client, come back whole and in order, the same as read on the calling thread, taken
// in slice by slice. An unreadable large answer and a large error answer read as their small kin do.
import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerReader, OFF_THREAD_BYTES } from '../../../src-main/api/answer-reader';
import { createCardApiClient } from '../../../src-main/api/client';
import { startSandbox } from '../../../src-main/sandbox/index';

let server: Server;
let baseUrl = '';
let answer: { status: number; body: Buffer } = { status: 200, body: Buffer.alloc(0) };
const reader = new AnswerReader();
let records: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sandbox = await startSandbox({ customers: 100, seed: 5 });
  try {
    const page = await createCardApiClient({
      baseUrl: sandbox.url,
      getKey: async () => sandbox.key,
      answers: null,
    }).listCustomers({ page: 0, limit: 100 });
    if (!page.ok) throw new Error(page.error.message);
    // About 3 MB: 30 times the page, each record with an id of its own.
    records = Array.from({ length: 3_000 }, (_, i) => ({
      ...page.data[i % page.data.length]!,
      _id: i.toString(16).padStart(24, '0'),
    }));
  } finally {
    await sandbox.stop();
  }
  server = createServer((req, res) => {
    req.resume();
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Content-Length': answer.body.length });
    res.end(answer.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await reader.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const envelope = (data: unknown[]) =>
  Buffer.from(
    JSON.stringify({
      status: 'success',
      message: 'Customers fetched',
      data,
      pagination: { total: data.length, pages: 1, page: 0, limit: data.length },
    }),
  );

const client = (answers: AnswerReader | null) =>
  createCardApiClient({ baseUrl, getKey: async () => 'sk_test', answers, retry: { maxAttempts: 1 } });

describe('a large answer', () => {
  it('is read on the reader thread, in slices, and equals the answer read on the calling thread', async () => {
    answer = { status: 200, body: envelope(records) };
    expect(answer.body.length).toBeGreaterThan(4 * OFF_THREAD_BYTES);
    const before = { ...reader.handed };
    const off = await client(reader).listCustomers({ page: 0, limit: 100 });
    const here = await client(null).listCustomers({ page: 0, limit: 100 });
    if (!off.ok || !here.ok) throw new Error('a read failed');
    expect(reader.handed.answers).toBe(before.answers + 1);
    expect(reader.handed.slices - before.slices).toBeGreaterThan(4);
    expect(off.data.map((c) => c._id)).toEqual(records.map((c) => c._id));
    expect(off.data).toEqual(here.data);
    expect(off.pagination).toEqual(here.pagination);
  });

  it('with an odd record keeps the others and marks that one, as on the calling thread', async () => {
    const odd = records.map((c, i) => (i === 1_234 ? { ...c, createdAt: 42 } : c));
    answer = { status: 200, body: envelope(odd) };
    const off = await client(reader).listCustomers({ page: 0, limit: 100 });
    const here = await client(null).listCustomers({ page: 0, limit: 100 });
    if (!off.ok || !here.ok) throw new Error('a read failed');
    expect(off.data).toHaveLength(records.length);
    expect(off.data).toEqual(here.data);
  });

  it('that is not JSON fails as an unreadable answer, not retried', async () => {
    answer = {
      status: 200,
      body: Buffer.concat([envelope(records).subarray(0, 2 * OFF_THREAD_BYTES), Buffer.from('}')]),
    };
    const off = await client(reader).listCustomers({ page: 0, limit: 100 });
    const here = await client(null).listCustomers({ page: 0, limit: 100 });
    expect(off.ok).toBe(false);
    if (off.ok || here.ok) return;
    expect(off.error).toEqual(here.error);
    expect(off.error.kind).toBe('server');
  });

  it("that is an error answer is read for the service's message", async () => {
    const message = 'email is already in use';
    answer = {
      status: 400,
      body: Buffer.from(JSON.stringify({ status: 'error', message, details: records })),
    };
    expect(answer.body.length).toBeGreaterThan(OFF_THREAD_BYTES);
    const before = reader.handed.answers;
    const off = await client(reader).listCustomers({ page: 0, limit: 100 });
    const here = await client(null).listCustomers({ page: 0, limit: 100 });
    if (off.ok || here.ok) throw new Error('an error answer was read as a success');
    expect(off.error).toEqual(here.error);
    expect(off.error.message).toContain('already in use');
    expect(reader.handed.answers).toBe(before);
  });
});
