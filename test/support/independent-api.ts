// A small card API that follows the written interface (spec §2, §4, §5, §7) and nothing of the local
// sandbox's code, with habits of its own: envelopes, zero-based pages, a Bearer key, 400 "Invalid card id",
// X-RateLimit-Reset in seconds from now, an ETag that hashes only the page's own content (so customers
// added after page 0 leave page 0's ETag as it was), and its own fixed-window limit. The integration and
// e2e tests point Card Desk at it to show the app works against any server that keeps the interface.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { withOddCustomers } from './odd-customers';

export interface IndependentApiOptions {
  /** Customers at start (default 40). */
  customers?: number;
  /** Requests per window (default 1,000 per 60 s). */
  limit?: number;
  windowMs?: number;
  /** Send the X-RateLimit-* headers (default true); a 429 always carries Retry-After. */
  rateHeaders?: boolean;
  /**
   * `plain` (default): lean records named `Customer <n>`, light enough for the rate-limit tests to go fast;
   * `people`: first and last names, identities and approvals, as the app's screens show them;
   * `private`: people with what a customer's record holds about them too (date of birth, home address,
   * identity documents' addresses), all different per customer.
   */
  customerStyle?: 'plain' | 'people' | 'private';
  /** Mix the odd customers of odd-customers.ts among the ordinary ones (a null phone, a KYC flag as text...). */
  oddCustomers?: boolean;
  /** Listen on this port (default: any free one); a server started again on the same port is the network back. */
  port?: number;
  /** The server's clock for its windows (default Date.now): a test shares one with the client to move time on. */
  now?: () => number;
  /** More API keys the server takes besides `key` (one per desk, as each desk of a team has its own); the log says which was used. */
  extraKeys?: string[];
}

export interface IndependentCustomer {
  _id: string;
  type: string;
  name: string;
  status: string;
  emailAddress: string;
  phoneNumber: string;
  createdAt: string;
  updatedAt: string;
  isApproved?: boolean;
  individual?: {
    firstName: string;
    lastName: string;
    identity: { type: string; number: string };
    dob?: string;
    documents?: { idFrontUrl: string; idBackUrl: string; addressVerificationUrl: string };
  };
  billingAddress?: { line1: string; city: string; state: string; country: string };
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

export interface LoggedRequest {
  path: string;
  page: number | null;
  status: number;
  /** Which rate-limit window (0, 1, ...) counted it. */
  window: number;
  /** The key the request carried (its Bearer token), or null without one. */
  key: string | null;
  /** The `limit` asked for, if any (a key check asks for 1 customer; a sync's pages for 100). */
  limit: number | null;
}

export interface IndependentApi {
  url: string;
  key: string;
  /** The customers as they are now, and one card per third of the first ones. */
  readonly customers: IndependentCustomer[];
  cards: IndependentCard[];
  log: LoggedRequest[];
  /** The paths asked for, in order. */
  readonly requests: string[];
  /** Every POST /cards and POST /accounts received (each creates its record), in order, with its body. */
  writes: { path: string; body: Record<string, unknown> }[];
  /**
   * When set, the server is in trouble: a write creates its record and then answers 500, so the desk cannot
   * know what happened, and the list of accounts answers 500 too.
   */
  loseWriteAnswers: boolean;
  /** Writes received from now on wait (their record not made, no answer) until the returned function is called. */
  holdWrites(): () => void;
  /** The window the server is in now (the next request would be counted in it). */
  currentWindow(): number;
  addCustomers(count: number): void;
  /** The service stops listing the customers `which` picks (answers them, removed); `restore` lists them again. */
  removeCustomers(which: (customer: IndependentCustomer) => boolean): IndependentCustomer[];
  restoreCustomers(removed: IndependentCustomer[]): void;
  /** From now on the key is refused (401), as when it is revoked. */
  revokeKey(): void;
  stop(): Promise<void>;
}

const FIRST = ['Adaeze', 'Bola', 'Chinedu', 'Damilola', 'Emeka', 'Funke', 'Gbenga', 'Halima', 'Ifeoma', 'Jide'];
const LAST = ['Okafor', 'Adeyemi', 'Balogun', 'Eze', 'Ogunleye', 'Musa', 'Nwosu', 'Bello'];
const BASE = Date.UTC(2023, 5, 1);
const hexId = (n: number, salt: number) => (salt * 0x1000000 + n).toString(16).padStart(24, '7');

/** The customer at position `i`; with people, the last of the first `count` has a name a spreadsheet would run. */
function customerAt(i: number, count: number, style: 'plain' | 'people' | 'private'): IndependentCustomer {
  const at = new Date(BASE + i * 60_000).toISOString();
  const common = { _id: hexId(i, 0xc), type: 'individual', status: 'active', createdAt: at, updatedAt: at };
  if (style === 'plain') {
    const phoneNumber = `+23480${String(10_000_000 + i).slice(-8)}`;
    return { ...common, name: `Customer ${i}`, phoneNumber, emailAddress: `customer${i}@example.test` };
  }
  const firstName = FIRST[i % FIRST.length]!;
  const lastName = LAST[(i * 3) % LAST.length]!;
  return {
    ...common,
    name: i === count - 1 ? '=HYPERLINK("http://evil.example","Pay")' : `${firstName} ${lastName}`,
    emailAddress: `${firstName}.${lastName}${i}@example.ng`.toLowerCase(),
    phoneNumber: `+2348${String(30_000_000 + i * 7919).padStart(9, '0')}`,
    isApproved: i % 4 !== 1,
    individual: { firstName, lastName, identity: { type: 'BVN', number: String(22_100_000_000 + i) } },
    ...(style === 'private' ? privateDetails(i, firstName, lastName) : {}),
  };
}

/** What a `private` customer's record holds besides: every value unique to the customer. */
function privateDetails(i: number, firstName: string, lastName: string): Partial<IndependentCustomer> {
  const docs = `https://kyc-docs.example.ng/vault/${String(700_000 + i * 13)}`;
  return {
    individual: {
      firstName,
      lastName,
      identity:
        i % 2 === 0
          ? { type: 'BVN', number: String(22_100_000_000 + i) }
          : { type: 'NIN', number: String(70_300_000_000 + i * 17) },
      dob: `19${String(60 + (i % 40)).padStart(2, '0')}-0${1 + (i % 9)}-${String(10 + (i % 18))}T00:00:00.000Z`,
      documents: {
        idFrontUrl: `${docs}/front-${i}.jpg`,
        idBackUrl: `${docs}/back-${i}.jpg`,
        addressVerificationUrl: `${docs}/utility-bill-${i}.pdf`,
      },
    },
    billingAddress: { line1: `${100 + i} Okonkwo-Privacy Crescent`, city: 'Lagos', state: 'Lagos', country: 'NG' },
  };
}

function cardFor(customer: IndependentCustomer, i: number): IndependentCard {
  return {
    _id: hexId(i, 0xca),
    customer: customer._id,
    brand: 'Verve',
    type: 'virtual',
    currency: 'NGN',
    maskedPan: `506099******${String(1000 + i * 37).slice(-4)}`,
    status: 'active',
    balance: { currentBalance: 12_345.67 + i * 1000, availableBalance: 12_000 + i * 1000 },
  };
}

/** The one transaction each card has. */
function transactionOf(card: IndependentCard) {
  const { balance: _balance, ...embedded } = card;
  return {
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
}

function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      } catch {
        resolve({});
      }
    });
  });
}

const text = (value: unknown, otherwise: string): string => (typeof value === 'string' ? value : otherwise);

/** POST /cards: a card as the body asks for it, its metadata kept (spec §4.2). */
function newCard(body: Record<string, unknown>, cards: IndependentCard[]): IndependentCard {
  const card = {
    ...cardFor({ _id: text(body.customerId, '') } as IndependentCustomer, 0x800 + cards.length),
    brand: text(body.brand, 'Verve'),
    type: text(body.type, 'virtual'),
    currency: text(body.currency, 'NGN'),
    status: text(body.status, 'active'),
    ...(body.metadata ? { metadata: body.metadata } : {}),
  };
  cards.push(card);
  return card;
}

/** POST /accounts: an account or a customer's wallet, created now (spec §4.3). */
function newAccount(body: Record<string, unknown>, accounts: Record<string, unknown>[]): Record<string, unknown> {
  const at = new Date().toISOString();
  const account = {
    _id: hexId(0xacc1 + accounts.length, 0),
    type: body.type,
    currency: body.currency,
    ...(body.accountType ? { accountType: body.accountType } : {}),
    ...(body.customerId ? { customer: body.customerId } : {}),
    accountName: 'New account',
    createdAt: at,
    updatedAt: at,
  };
  accounts.unshift(account);
  return account;
}

const ACCOUNTS = [{ _id: hexId(0xacc0, 0), type: 'account', currency: 'NGN', accountName: 'Operations' }];
const EMPTY_LISTS = ['/cards/authorizations', '/cards/disputes', '/fundingsources'];

export async function startIndependentApi(options: IndependentApiOptions = {}): Promise<IndependentApi> {
  const key = 'independent-test-key-0001';
  const initial = options.customers ?? 40;
  const limit = options.limit ?? 1_000;
  const windowMs = options.windowMs ?? 60_000;
  const style = options.customerStyle ?? 'plain';
  const clock = options.now ?? Date.now;
  let revoked = false;
  let windowStart = 0;
  let windowIndex = -1;
  let used = 0;
  const log: LoggedRequest[] = [];
  const ordinary = Array.from({ length: initial }, (_, i) => customerAt(i, initial, style));
  const cards = ordinary.filter((_, i) => i % 3 === 0).map(cardFor);
  // The odd ones do not keep the type's promises: that is the point of them.
  let customers = (options.oddCustomers ? withOddCustomers(ordinary) : ordinary) as IndependentCustomer[];
  /** Where the next added customer is numbered from (customers removed leave their numbers unused). */
  let nextAt = customers.length;
  const accounts: Record<string, unknown>[] = ACCOUNTS.map((a) => ({ ...a }));
  const keys = new Set([key, ...(options.extraKeys ?? [])]);
  const writes: IndependentApi['writes'] = [];
  const control: { loseWriteAnswers: boolean; held: Promise<void> | null } = { loseWriteAnswers: false, held: null };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const now = clock();
    if (windowIndex < 0 || now - windowStart >= windowMs) {
      windowIndex += 1;
      windowStart = now;
      used = 0;
    }
    const page = url.searchParams.has('page') ? Number(url.searchParams.get('page')) : null;
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const limitAsked = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : null;
    const entry: LoggedRequest = {
      path: url.pathname,
      page,
      status: 0,
      window: windowIndex,
      key: bearer,
      limit: limitAsked,
    };
    log.push(entry);
    const resetIn = String(Math.ceil((windowStart + windowMs - now) / 1000));
    let rate: Record<string, string> = {};
    const send = (status: number, message: string, data: unknown, extra: object = {}, headers = rate) => {
      entry.status = status;
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify({ statusCode: status, message, data, ...extra }));
    };
    const list = (all: readonly unknown[], defaultLimit: number) => {
      const index = page ?? 0;
      const size = Number(url.searchParams.get('limit') ?? defaultLimit);
      if (!Number.isInteger(index) || index < 0 || !Number.isInteger(size) || size < 1)
        return send(400, 'Invalid pagination parameters', null);
      const data = all.slice(index * size, index * size + size);
      const etag = `W/"${createHash('sha1').update(JSON.stringify(data)).digest('hex').slice(0, 16)}"`;
      if (req.headers['if-none-match'] === etag) {
        entry.status = 304;
        res.writeHead(304, { ETag: etag, ...rate });
        return res.end();
      }
      const pagination = { total: all.length, pages: Math.ceil(all.length / size), page: index, limit: size };
      return send(200, 'Successful', data, { pagination }, { ...rate, ETag: etag });
    };

    if (revoked || bearer === null || !keys.has(bearer))
      return send(401, 'Unauthorized; provide a valid API key in the Authorization header', null);
    if (used >= limit) return send(429, 'Too many requests', null, {}, { 'Retry-After': resetIn });
    used += 1;
    if (options.rateHeaders !== false) {
      rate = {
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': String(limit - used),
        'X-RateLimit-Reset': resetIn,
      };
    }
    if (req.method === 'POST' && (url.pathname === '/cards' || url.pathname === '/accounts')) {
      void readBody(req).then(async (body) => {
        if (control.held) await control.held;
        writes.push({ path: url.pathname, body });
        const made = url.pathname === '/cards' ? newCard(body, cards) : newAccount(body, accounts);
        if (control.loseWriteAnswers) send(500, 'Internal server error', null);
        else send(200, 'Successful', made);
      });
      return;
    }
    if (req.method !== 'GET') return send(404, 'Not found', null);
    if (url.pathname === '/customers') return list(customers, 100);
    if (url.pathname === '/accounts')
      return control.loseWriteAnswers ? send(500, 'Internal server error', null) : list(accounts, 100);
    if (EMPTY_LISTS.includes(url.pathname)) return list([], 100);
    const cardPath = /^\/cards\/([^/]+)\/(balance|transactions)$/.exec(url.pathname);
    const card = cardPath ? cards.find((c) => c._id === cardPath[1]) : undefined;
    if (cardPath && !card) return send(400, 'Invalid card id', null);
    if (card && cardPath![2] === 'balance') return send(200, 'Successful', card.balance);
    if (card) return list([transactionOf(card)], 25);
    return send(404, 'Not found', null);
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    get customers() {
      return customers;
    },
    cards,
    log,
    get requests() {
      return log.map((r) => r.path);
    },
    writes,
    get loseWriteAnswers() {
      return control.loseWriteAnswers;
    },
    set loseWriteAnswers(on: boolean) {
      control.loseWriteAnswers = on;
    },
    holdWrites: () => {
      let release!: () => void;
      control.held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        control.held = null;
        release();
      };
    },
    currentWindow: () => (clock() - windowStart >= windowMs ? windowIndex + 1 : windowIndex),
    addCustomers: (count) => {
      const from = nextAt;
      nextAt += count;
      customers = [...customers, ...Array.from({ length: count }, (_, i) => customerAt(from + i, initial, style))];
    },
    removeCustomers: (which) => {
      const removed = customers.filter(which);
      customers = customers.filter((c) => !which(c));
      return removed;
    },
    restoreCustomers: (removed) => {
      customers = [...customers, ...removed];
    },
    revokeKey: () => {
      revoked = true;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
