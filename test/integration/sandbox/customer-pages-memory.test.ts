// The customer list's pages are written into memory reused from page to page, not into a fresh buffer
// each (which left V8 a full garbage collection every few hundred pages of a sync: docs/benchmarks.md).
// What is held is a count, not a time: pages walked as a sync walks them, on several keep-alive
// connections at once, take a few buffers in all, and every page is still exactly its own bytes (a
// buffer reused before its page was sent would show another page's customers).
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerDirectory } from '../../../src-main/sandbox/data/customers';
import { KEPT_PAGE_BUFFERS } from '../../../src-main/sandbox/http/page-buffers';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox/index';
import { clock } from './api';

const CUSTOMERS = 100_000;
const CONNECTIONS = 8;
const PAGES = 400;
const LIMIT = 100;

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ seed: 5, customers: CUSTOMERS, now: clock });
  sb.setRateLimit({ limit: 1_000_000, windowMs: 60_000 });
});
afterAll(() => sb.stop());

/** GETs `path` on `agent`'s keep-alive connections: status and body bytes. */
function getBytes(agent: Agent, path: string): Promise<{ status: number; body: Buffer }> {
  const { hostname, port } = new URL(sb.url);
  return new Promise((resolve, reject) => {
    const req = request({ agent, hostname, port, path, headers: { Authorization: `Bearer ${sb.key}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The page as the spec's envelope around the same customers, written with JSON.stringify. */
function expectedPage(directory: CustomerDirectory, page: number): string {
  return JSON.stringify({
    statusCode: 200,
    message: 'Customers fetched successfully',
    data: directory.range(page * LIMIT, page * LIMIT + LIMIT),
    pagination: { total: CUSTOMERS, pages: CUSTOMERS / LIMIT, page, limit: LIMIT },
  });
}

/** Splits pipelined HTTP/1.1 answers (each with a Content-Length) into their bodies, once `count` are whole. */
function bodiesOf(stream: Buffer, count: number): Buffer[] | null {
  const bodies: Buffer[] = [];
  let at = 0;
  while (bodies.length < count) {
    const end = stream.indexOf('\r\n\r\n', at);
    if (end < 0) return null;
    const length = Number(/content-length: *(\d+)/i.exec(stream.subarray(at, end).toString('latin1'))?.[1]);
    if (end + 4 + length > stream.length) return null;
    bodies.push(stream.subarray(end + 4, end + 4 + length));
    at = end + 4 + length;
  }
  return bodies;
}

describe('GET /customers page memory', () => {
  it('walks 400 pages on 8 connections with a few buffers, every page its own bytes', async () => {
    const directory = new CustomerDirectory({ seed: 5, count: CUSTOMERS, businessId: sb.fixtures.businessId });
    const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const before = sb.pageBuffers().made;
    const wrong: number[] = [];
    let next = 0;
    try {
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          for (let page = next++; page < PAGES; page = next++) {
            const { status, body } = await getBytes(agent, `/customers?page=${page}&limit=${LIMIT}`);
            if (status !== 200 || body.toString('utf8') !== expectedPage(directory, page)) wrong.push(page);
          }
        }),
      );
    } finally {
      agent.destroy();
    }
    expect(wrong).toEqual([]);
    const { made, free } = sb.pageBuffers();
    // One a page in flight, with room for a connection's next page asked before its last one's buffer is back.
    expect(made - before).toBeGreaterThan(0);
    expect(made - before).toBeLessThanOrEqual(2 * CONNECTIONS);
    expect(free).toBeLessThanOrEqual(made);
  }, 120_000);

  it('pages whose numbers grow by a digit (a few bytes longer) still reuse the same memory', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      await getBytes(agent, `/customers?page=0&limit=${LIMIT}`);
      const before = sb.pageBuffers().made;
      for (const page of [9, 10, 99, 100, 999]) {
        const { status } = await getBytes(agent, `/customers?page=${page}&limit=${LIMIT}`);
        expect(status).toBe(200);
      }
      expect(sb.pageBuffers().made).toBe(before);
    } finally {
      agent.destroy();
    }
  });

  it('a newest-first list is written into the same reused memory', async () => {
    sb.customers.setOrder('newest-first');
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const before = sb.pageBuffers().made;
      const directory = new CustomerDirectory({ seed: 5, count: CUSTOMERS, businessId: sb.fixtures.businessId });
      try {
        for (let page = 0; page < 20; page++) {
          const { body } = await getBytes(agent, `/customers?page=${page}&limit=${LIMIT}`);
          const ids = (JSON.parse(body.toString('utf8')) as { data: { _id: string }[] }).data.map((c) => c._id);
          const newest = CUSTOMERS - 1 - page * LIMIT;
          expect(ids).toEqual(Array.from({ length: LIMIT }, (_, i) => directory.idOf(newest - i)));
        }
      } finally {
        agent.destroy();
      }
      expect(sb.pageBuffers().made - before).toBeLessThanOrEqual(2);
    } finally {
      sb.customers.setOrder('oldest-first');
    }
  }, 60_000);

  it("keeps a page's memory while a slow reader has not taken its bytes, and reuses it after", async () => {
    const directory = new CustomerDirectory({ seed: 5, count: CUSTOMERS, businessId: sb.fixtures.businessId });
    // A reader that asks for 100 pages at once (pipelined, ~9.4 MB) and reads nothing yet: the operating
    // system's buffers fill, and the page being written waits in the sandbox.
    const { hostname, port } = new URL(sb.url);
    const slow = connect({ host: hostname, port: Number(port) });
    await once(slow, 'connect');
    slow.pause();
    const slowPages = Array.from({ length: 100 }, (_, i) => 500 + i);
    slow.write(
      slowPages
        .map(
          (p) =>
            `GET /customers?page=${p}&limit=${LIMIT} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${sb.key}\r\n\r\n`,
        )
        .join(''),
    );
    try {
      // A page's buffer is held while the slow reader's bytes wait.
      await expect.poll(() => sb.pageBuffers().made - sb.pageBuffers().free, { timeout: 60_000 }).toBeGreaterThan(0);
      // Meanwhile another reader walks pages, taking whatever memory is free.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let page = 0; page < 30; page++) {
          const { body } = await getBytes(agent, `/customers?page=${page}&limit=${LIMIT}`);
          expect(body.toString('utf8')).toBe(expectedPage(directory, page));
        }
      } finally {
        agent.destroy();
      }
      // The slow reader's pages are their own bytes, not the other reader's written over them.
      const chunks: Buffer[] = [];
      slow.on('data', (chunk: Buffer) => chunks.push(chunk));
      slow.resume();
      let bodies: Buffer[] | null = null;
      await expect
        .poll(() => (bodies = bodiesOf(Buffer.concat(chunks), slowPages.length)) !== null, { timeout: 60_000 })
        .toBe(true);
      const wrong = slowPages.filter((p, i) => bodies![i]!.toString('utf8') !== expectedPage(directory, p));
      expect(wrong).toEqual([]);
    } finally {
      slow.destroy();
    }
    // Every page sent, its buffer free again (as many as the sandbox keeps).
    await expect.poll(() => sb.pageBuffers().free).toBe(Math.min(sb.pageBuffers().made, KEPT_PAGE_BUFFERS));
  }, 180_000);
});
