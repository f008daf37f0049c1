// Answers a real server has been seen to send (docs/api.md) that the sandbox does not: pagination
// numbers as strings, the array form of a 400 message, extra fields, non-JSON error pages, redirects.
// A small HTTP server on 127.0.0.1 plays that server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardApiClient } from '../../../src-main/api/client';
import { UNREADABLE_RESPONSE } from '../../../src-main/api/failures';

type Reply = { status: number; body: string; headers?: Record<string, string> };
let next: Reply = { status: 200, body: '{}' };
const seen: { url: string; authorization: string | undefined }[] = [];
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization });
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const KEY = 'sk_live_tolerance_test_key_42';
const client = () => createCardApiClient({ baseUrl, getKey: async () => KEY, retry: { maxAttempts: 1 } });

describe("a real server's variations", () => {
  it('sends Authorization: Bearer <key>', async () => {
    next = { status: 200, body: JSON.stringify({ statusCode: 200, message: 'ok', data: [] }) };
    await client().listDisputes({});
    expect(seen.at(-1)!.authorization).toBe(`Bearer ${KEY}`);
  });

  it('reads pagination numbers sent as strings and keeps extra fields', async () => {
    next = {
      status: 200,
      body: JSON.stringify({
        statusCode: '200',
        message: 'Disputes fetched',
        requestId: 'r-1',
        data: [{ _id: 'a'.repeat(24), reason: 'fraudulent', status: 'pending', newField: { nested: true } }],
        pagination: { total: '41', pages: '5', page: '0', limit: '10' },
      }),
    };
    const r = await client().listDisputes({ page: 0, limit: 10 });
    expect(r).toMatchObject({ ok: true, pagination: { total: 41, pages: 5, page: 0, limit: 10 } });
    expect(r.ok && r.data[0]).toMatchObject({ reason: 'fraudulent', newField: { nested: true } });
  });

  it('turns the array form of a 400 message into one sentence and the field', async () => {
    next = {
      status: 400,
      body: JSON.stringify({
        statusCode: 400,
        data: null,
        message: [
          {
            property: 'customerId',
            constraints: { isNotEmpty: 'customerId should not be empty', isMongoId: 'customerId must be a mongodb id' },
          },
        ],
      }),
    };
    const r = await client().createAccount({ type: 'wallet', currency: 'NGN', accountType: 'Savings' });
    expect(r).toEqual({
      ok: false,
      error: {
        kind: 'validation',
        status: 400,
        field: 'customerId',
        // Each of the service's rules said as the form says it.
        message: 'The customer should not be empty; The customer must be a mongodb id',
        fields: { customerId: 'The customer should not be empty; The customer must be a mongodb id' },
      },
    });
  });

  it('a 502 page in HTML is still a clear server error', async () => {
    next = { status: 502, body: '<html><body>Bad gateway</body></html>', headers: { 'content-type': 'text/html' } };
    expect(await client().listDisputes({})).toMatchObject({
      ok: false,
      error: {
        kind: 'server',
        status: 502,
        message: 'The card service had a problem (HTTP 502). Try again in a moment.',
      },
    });
  });

  it('a 200 whose data has the wrong shape cannot be read', async () => {
    next = { status: 200, body: JSON.stringify({ statusCode: 200, message: 'ok', data: { not: 'a list' } }) };
    expect(await client().listDisputes({})).toMatchObject({
      ok: false,
      error: { kind: 'server', message: UNREADABLE_RESPONSE },
    });
  });

  it('does not follow a redirect (the key would go with it)', async () => {
    next = { status: 302, body: '', headers: { location: 'http://127.0.0.1:9/steal' } };
    expect(await client().listDisputes({})).toMatchObject({
      ok: false,
      error: { kind: 'server', status: 302, message: expect.stringContaining('redirect') },
    });
  });

  it('a server that echoes the key never gets it into the error', async () => {
    next = { status: 401, body: JSON.stringify({ statusCode: 401, data: null, message: `Key ${KEY} is revoked` }) };
    const r = await client().listDisputes({});
    expect(r).toMatchObject({ ok: false, error: { kind: 'unauthorized', message: 'Key [redacted] is revoked' } });
    expect(JSON.stringify(r)).not.toContain(KEY);
  });
});
