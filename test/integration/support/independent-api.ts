// A small card API written apart from the sandbox, to check the client against a server with other
// habits: X-RateLimit-Reset in seconds from now, an ETag that hashes only the page's own content (so
// customers added after page 0 leave page 0's ETag as it was), and its own fixed-window limit.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IndependentApiOptions {
  customers: number;
  limit: number;
  windowMs: number;
  /** Send the X-RateLimit-* headers (default true); a 429 always carries Retry-After. */
  rateHeaders?: boolean;
}

export interface LoggedRequest {
  path: string;
  page: number | null;
  status: number;
  /** Which rate-limit window (0, 1, ...) counted it. */
  window: number;
}

export interface IndependentApi {
  url: string;
  key: string;
  log: LoggedRequest[];
  /** The window the server is in now (the next request would be counted in it). */
  currentWindow(): number;
  addCustomers(count: number): void;
  stop(): Promise<void>;
}

const BASE = Date.UTC(2023, 5, 1);
const hex = (n: number) => n.toString(16).padStart(24, '0');
const customer = (i: number) => ({
  _id: hex(0xc0ffee000000 + i),
  type: 'individual',
  name: `Customer ${i}`,
  status: 'active',
  phoneNumber: `+23480${String(10_000_000 + i).slice(-8)}`,
  emailAddress: `customer${i}@example.test`,
  createdAt: new Date(BASE + i * 60_000).toISOString(),
  updatedAt: new Date(BASE + i * 60_000).toISOString(),
});

export async function startIndependentApi(options: IndependentApiOptions): Promise<IndependentApi> {
  const key = 'independent-key';
  let total = options.customers;
  let windowStart = 0;
  let windowIndex = -1;
  let used = 0;
  const log: LoggedRequest[] = [];

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    res.end(text);
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const now = Date.now();
    if (windowIndex < 0 || now - windowStart >= options.windowMs) {
      windowIndex += 1;
      windowStart = now;
      used = 0;
    }
    const page = url.searchParams.has('page') ? Number(url.searchParams.get('page')) : null;
    const entry: LoggedRequest = { path: url.pathname, page, status: 0, window: windowIndex };
    log.push(entry);
    const resetIn = String(Math.ceil((windowStart + options.windowMs - now) / 1000));
    if (req.headers.authorization !== `Bearer ${key}`) {
      entry.status = 401;
      return send(res, 401, { statusCode: 401, message: 'Unauthorized', data: null });
    }
    if (used >= options.limit) {
      entry.status = 429;
      return send(res, 429, { statusCode: 429, message: 'Too many requests', data: null }, { 'Retry-After': resetIn });
    }
    used += 1;
    const rate: Record<string, string> =
      options.rateHeaders === false
        ? {}
        : {
            'X-RateLimit-Limit': String(options.limit),
            'X-RateLimit-Remaining': String(options.limit - used),
            'X-RateLimit-Reset': resetIn,
          };
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const p = page ?? 0;
    if (url.pathname === '/customers') {
      const data = [];
      for (let i = p * limit; i < Math.min(total, (p + 1) * limit); i++) data.push(customer(i));
      const etag = `W/"${createHash('sha1').update(JSON.stringify(data)).digest('hex').slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) {
        entry.status = 304;
        res.writeHead(304, { ETag: etag, ...rate });
        return res.end();
      }
      entry.status = 200;
      return send(
        res,
        200,
        {
          statusCode: 200,
          message: 'ok',
          data,
          pagination: { total, pages: Math.ceil(total / limit), page: p, limit },
        },
        { ETag: etag, ...rate },
      );
    }
    if (url.pathname === '/accounts') {
      entry.status = 200;
      const data = [{ _id: hex(0xacc0), type: 'account', currency: 'NGN', accountName: 'Operations' }];
      return send(
        res,
        200,
        { statusCode: 200, message: 'ok', data, pagination: { total: 1, pages: 1, page: p, limit } },
        rate,
      );
    }
    entry.status = 404;
    return send(res, 404, { statusCode: 404, message: 'Not found', data: null });
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    log,
    currentWindow: () => (Date.now() - windowStart >= options.windowMs ? windowIndex + 1 : windowIndex),
    addCustomers: (count) => {
      total += count;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
