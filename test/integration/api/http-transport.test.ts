// The client's node:http transport against a plain HTTP server on 127.0.0.1: compressed answers, and
// which requests share a kept-alive connection.
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTransport } from '../../../src-main/api/http-transport';

const TEXT = JSON.stringify({
  statusCode: 200,
  data: Array.from({ length: 50 }, (_, i) => ({ _id: String(i), name: 'Adaeze Okafor' })),
});
const ENCODE: Record<string, (b: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

let base: string;
const sockets: Socket[] = [];
const seen: { url: string; acceptEncoding: string | undefined; socket: number }[] = [];
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let i = sockets.indexOf(req.socket);
  if (i < 0) i = sockets.push(req.socket) - 1;
  seen.push({ url: req.url ?? '', acceptEncoding: req.headers['accept-encoding'], socket: i });
  req.resume();
  req.on('end', () => {
    const encoding = new URL(req.url ?? '/', 'http://x').searchParams.get('encoding');
    if (encoding === 'compress') {
      res.writeHead(200, { 'Content-Encoding': 'compress' }).end('?');
      return;
    }
    const body = encoding ? ENCODE[encoding]!(Buffer.from(TEXT)) : Buffer.from(TEXT);
    res
      .writeHead(200, { 'Content-Type': 'application/json', ...(encoding ? { 'Content-Encoding': encoding } : {}) })
      .end(body);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const get = (path: string, method = 'GET') =>
  httpTransport(`${base}${path}`, {
    method,
    headers: {},
    ...(method === 'POST' ? { body: '{}' } : {}),
    signal: new AbortController().signal,
    redirect: 'manual',
  });

describe('the HTTP transport', () => {
  it('asks for compressed answers and reads gzip, deflate and brotli', async () => {
    for (const encoding of ['gzip', 'deflate', 'br', '']) {
      const res = await get(`/c?encoding=${encoding}`);
      expect(await res.text(), encoding).toBe(TEXT);
    }
    expect(seen.at(-1)!.acceptEncoding).toBe('gzip, deflate, br');
    const bytes = new Uint8Array(await (await get('/c?encoding=gzip')).arrayBuffer());
    expect(Buffer.from(bytes).toString('utf8')).toBe(TEXT);
  });

  it('refuses an encoding it cannot read, with a code', async () => {
    await expect((await get('/c?encoding=compress')).text()).rejects.toMatchObject({ code: 'ERR_CONTENT_ENCODING' });
  });

  it('reuses a kept-alive connection for reads, and opens a connection of its own for each write', async () => {
    seen.length = 0;
    for (const method of ['GET', 'GET', 'POST', 'POST']) await (await get('/w', method)).text();
    const [g1, g2, p1, p2] = seen.map((s) => s.socket);
    expect(g1).toBe(g2);
    expect(new Set([g1, p1, p2]).size).toBe(3);
  });
});
