// Hostile answers from a server that is not the sandbox: a small gzip answer that inflates to 600 MB, a
// 300 MB plain answer, and headers past 16 KB. Each fails as a `server` error naming the cap, is asked
// for once (never retried), and the calling process's peak memory stays far below what the answer holds.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppError } from '../../../src-shared/ipc/result';
import { createCardApiClient } from '../../../src-main/api/client';

const CHILD = fileURLToPath(new URL('./fixtures/call-child.ts', import.meta.url));
const MB = 1024 * 1024;

type Answer = (res: import('node:http').ServerResponse) => void;

let server: Server | null = null;
let requests = 0;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

async function serve(answer: Answer): Promise<string> {
  requests = 0;
  server = createServer((req, res) => {
    requests++;
    req.resume();
    answer(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** `total` bytes written in 1 MB chunks, waiting for the client to take each (as a real server would). */
function streamPlain(res: import('node:http').ServerResponse, total: number): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  const chunk = Buffer.alloc(MB, 0x20);
  let sent = 0;
  const more = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('close', () => (sent = total));
  more();
}

/** A 600 MB answer as about 600 KB of gzip: one compressed megabyte, repeated as gzip members. */
const BOMB = (() => {
  const member = gzipSync(Buffer.alloc(MB, 0x20));
  return Buffer.concat(Array.from({ length: 600 }, () => member));
})();

async function callInChild(baseUrl: string, operation: string): Promise<{ error: AppError | null; peakMb: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, baseUrl, operation], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
  return JSON.parse(out.trim()) as { error: AppError | null; peakMb: number };
}

describe('answer caps (an independent server)', () => {
  it('a gzip answer that inflates to 600 MB fails as a server error, asked for once, in bounded memory', async () => {
    expect(BOMB.length).toBeLessThan(MB);
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(BOMB);
    });
    const { error, peakMb } = await callInChild(url, 'listDisputes');
    console.log(`BENCH gzip 600 MB: peak RSS ${peakMb} MB`);
    expect(error).toEqual({ kind: 'server', message: 'The service sent an answer larger than 16 MB.' });
    expect(requests).toBe(1);
    expect(peakMb).toBeLessThan(600);
  });

  it('a 300 MB plain answer fails the same way, asked for once, in bounded memory', async () => {
    const url = await serve((res) => streamPlain(res, 300 * MB));
    const { error, peakMb } = await callInChild(url, 'listDisputes');
    console.log(`BENCH plain 300 MB: peak RSS ${peakMb} MB`);
    expect(error).toEqual({ kind: 'server', message: 'The service sent an answer larger than 16 MB.' });
    expect(requests).toBe(1);
    expect(peakMb).toBeLessThan(600);
  });

  it('a write answered with 600 MB of gzip is an unknown outcome, sent once', async () => {
    const url = await serve((res) => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(BOMB);
    });
    const { error } = await callInChild(url, 'createCard');
    expect(error?.kind).toBe('outcome_unknown');
    expect(error?.message).toMatch(/^The service sent an answer larger than 16 MB after Card Desk sent the request/);
    expect(requests).toBe(1);
  });

  it('a declared Content-Length over the cap fails before reading the body', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(17 * MB) });
      res.write('{"data":[');
    });
    const api = createCardApiClient({ baseUrl: url, getKey: async () => 'k' });
    const r = await api.listDisputes({});
    expect(!r.ok && r.error).toEqual({ kind: 'server', message: 'The service sent an answer larger than 16 MB.' });
    expect(requests).toBe(1);
  });

  it('headers past 16 KB fail as a server error, not retried', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'X-Padding': 'x'.repeat(20_000) });
      res.end('{"data":[]}');
    });
    const api = createCardApiClient({ baseUrl: url, getKey: async () => 'k' });
    const r = await api.listDisputes({});
    expect(!r.ok && r.error).toEqual({
      kind: 'server',
      message: 'The service sent an answer with headers larger than 16 KB.',
    });
    expect(requests).toBe(1);
  });

  it('an answer just under the cap is read whole', async () => {
    const item = { _id: 'd'.repeat(24), status: 'open' };
    const body = JSON.stringify({ statusCode: 200, message: 'ok', data: Array.from({ length: 60_000 }, () => item) });
    expect(body.length).toBeGreaterThan(2 * MB);
    expect(body.length).toBeLessThan(16 * MB);
    const url = await serve((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(body));
    });
    const api = createCardApiClient({ baseUrl: url, getKey: async () => 'k' });
    const r = await api.listDisputes({});
    expect(r.ok && r.data.length).toBe(60_000);
  });
});

describe('call limits', () => {
  it("a server that never answers: a GET gives up within the call's limit, and the message tells the real figures", async () => {
    const url = await serve(() => undefined);
    const api = createCardApiClient({
      baseUrl: url,
      getKey: async () => 'k',
      timeouts: { headersMs: 400, callMs: 2_000 },
      retry: { baseDelayMs: 50, maxAttempts: 10 },
    });
    const r = await api.listDisputes({});
    expect(!r.ok && r.error.kind).toBe('timeout');
    const message = !r.ok ? r.error.message : '';
    const [, tries, seconds] =
      /did not answer: (\d+) tries in ([\d.]+) s, each waiting up to 0\.4 s/.exec(message) ?? [];
    expect(Number(tries)).toBeGreaterThanOrEqual(2);
    expect(Number(tries)).toBeLessThan(10);
    expect(Number(tries)).toBe(requests);
    // The figure in the message is the time really spent: at least each try's wait.
    expect(Number(seconds)).toBeGreaterThanOrEqual(Number(tries) * 0.4 - 0.1);
  });
});
