// A small server that follows the written interface (spec §2, §4, §5, §7) and nothing of the local
// sandbox's code: envelopes, zero-based pages, Bearer key, 400 "Invalid card id". Tests point Card Desk at
// it to show the app works against any server that keeps the interface, not just its own sandbox.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface IndependentCustomer {
  _id: string;
  name: string;
  emailAddress: string;
  phoneNumber: string;
  isApproved: boolean;
  individual: { firstName: string; lastName: string; identity: { type: string; number: string } };
}

export interface IndependentCard {
  _id: string;
  customer: string;
  brand: string;
  type: string;
  currency: string;
  maskedPan: string;
  status: string;
  balance: { currentBalance: number; availableBalance: number };
}

export interface IndependentApi {
  url: string;
  key: string;
  customers: IndependentCustomer[];
  cards: IndependentCard[];
  /** Paths asked for, in order (the path only). */
  requests: string[];
  /** From now on the key is refused (401), as when it is revoked. */
  revokeKey(): void;
  stop(): Promise<void>;
}

const FIRST = ['Adaeze', 'Bola', 'Chinedu', 'Damilola', 'Emeka', 'Funke', 'Gbenga', 'Halima', 'Ifeoma', 'Jide'];
const LAST = ['Okafor', 'Adeyemi', 'Balogun', 'Eze', 'Ogunleye', 'Musa', 'Nwosu', 'Bello'];
const hexId = (n: number, salt: number) => (salt * 0x1000000 + n).toString(16).padStart(24, '7');

/** `count` customers and one card per third customer, all fixed by their position. */
export function independentData(count: number): { customers: IndependentCustomer[]; cards: IndependentCard[] } {
  const customers: IndependentCustomer[] = [];
  for (let i = 0; i < count; i++) {
    const firstName = FIRST[i % FIRST.length]!;
    const lastName = LAST[(i * 3) % LAST.length]!;
    customers.push({
      _id: hexId(i, 0xc),
      // The last one has a name a spreadsheet would run as a formula.
      name: i === count - 1 ? '=HYPERLINK("http://evil.example","Pay")' : `${firstName} ${lastName}`,
      emailAddress: `${firstName}.${lastName}${i}@example.ng`.toLowerCase(),
      phoneNumber: `+2348${String(30_000_000 + i * 7919).padStart(9, '0')}`,
      isApproved: i % 4 !== 1,
      individual: { firstName, lastName, identity: { type: 'BVN', number: String(22_100_000_000 + i) } },
    });
  }
  const cards: IndependentCard[] = customers
    .filter((_, i) => i % 3 === 0)
    .map((c, i) => ({
      _id: hexId(i, 0xca),
      customer: c._id,
      brand: 'Verve',
      type: 'virtual',
      currency: 'NGN',
      maskedPan: `506099******${String(1000 + i * 37).slice(-4)}`,
      status: 'active',
      balance: { currentBalance: 12_345.67 + i * 1000, availableBalance: 12_000 + i * 1000 },
    }));
  return { customers, cards };
}

function send(res: ServerResponse, status: number, message: string, data: unknown, pagination?: object): void {
  const body = JSON.stringify({ statusCode: status, message, data, ...(pagination ? { pagination } : {}) });
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    ...(status === 200
      ? { 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '999', 'X-RateLimit-Reset': '60' }
      : {}),
  });
  res.end(body);
}

function page<T>(res: ServerResponse, url: URL, all: readonly T[], defaultLimit: number): void {
  const pageIndex = Number(url.searchParams.get('page') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? defaultLimit);
  if (!Number.isInteger(pageIndex) || pageIndex < 0 || !Number.isInteger(limit) || limit < 1) {
    send(res, 400, 'Invalid pagination parameters', null);
    return;
  }
  const data = all.slice(pageIndex * limit, pageIndex * limit + limit);
  send(res, 200, 'Successful', data, {
    total: all.length,
    pages: Math.ceil(all.length / limit),
    page: pageIndex,
    limit,
  });
}

export async function startIndependentApi(count = 40): Promise<IndependentApi> {
  const key = 'independent-test-key-0001';
  let revoked = false;
  const { customers, cards } = independentData(count);
  const requests: string[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname);
    if (revoked || req.headers.authorization !== `Bearer ${key}`) {
      send(res, 401, 'Unauthorized; provide a valid API key in the Authorization header', null);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/customers') return page(res, url, customers, 100);
    const cardPath = /^\/cards\/([^/]+)\/(balance|transactions)$/.exec(url.pathname);
    if (req.method === 'GET' && cardPath) {
      const card = cards.find((c) => c._id === cardPath[1]);
      if (!card) return send(res, 400, 'Invalid card id', null);
      if (cardPath[2] === 'balance') return send(res, 200, 'Successful', card.balance);
      const { balance: _balance, ...embedded } = card;
      const transaction = {
        _id: card._id.replace(/^ca/, 'ab'),
        customer: card.customer,
        account: hexId(1, 0xac),
        card: { ...embedded, createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z' },
        amount: -2500,
        fee: 0,
        vat: 0,
        currency: 'NGN',
        type: 'capture',
        merchant: { name: 'Shoprite Lekki', category: '5411', city: 'Lagos', country: 'NG' },
        createdAt: '2026-01-06T09:30:00.000Z',
        updatedAt: '2026-01-06T09:30:00.000Z',
      };
      return page(res, url, [transaction], 25);
    }
    if (
      req.method === 'GET' &&
      ['/cards/authorizations', '/accounts', '/cards/disputes', '/fundingsources'].includes(url.pathname)
    )
      return page(res, url, [], 100);
    send(res, 404, 'Not found', null);
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    customers,
    cards,
    requests,
    revokeKey: () => {
      revoked = true;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
