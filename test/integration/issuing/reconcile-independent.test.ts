// Reconciling unknown card outcomes against a small server written here, not the local sandbox: it follows
// the spec (envelope, pagination, authorizations embedding their cards, a card's balance) and nothing more,
// and counts every request. A card request answered 502 is an unknown outcome; the look finds the card
// through authorizations (certain by its reference, or likely candidates), records the evidence in the
// journal, and never sends the card request again by itself.
import { once } from 'node:events';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CreateCardRequest } from '../../../src-shared/api/requests';
import type { JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { createCardApiClient } from '../../../src-main/api/client';
import { openKnownCards, type KnownCards } from '../../../src-main/cards/known-cards';
import { createIssuingService, type IssuingService } from '../../../src-main/issuing/issuing-service';
import { openJournal, type Journal } from '../../../src-main/journal/journal';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

const KEY = 'sk_test_independent_0001';
const CUSTOMER = 'c'.repeat(24);

interface StoredCard {
  _id: string;
  customer: string;
  type: string;
  brand: string;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  createdAt: string;
}

/** The independent service: POST /cards stores the card then answers 502 (a gateway that lost the answer). */
class IndependentService {
  cards: StoredCard[] = [];
  /** Card ids that have been used, so they appear in authorizations. */
  used = new Set<string>();
  /** Whether POST /cards keeps the metadata (a service may drop what it does not know). */
  keepsMetadata = true;
  /** What POST /cards answers after storing the card: 502 by default, or 500, or 200 with the card. */
  answerStatus: 200 | 500 | 502 = 502;
  requests: string[] = [];
  server: Server = createServer((req, res) => void this.handle(req, res));
  private next = 1;

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
  posts(): number {
    return this.requests.filter((r) => r.startsWith('POST ')).length;
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    this.requests.push(`${req.method} ${url.pathname}`);
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    if (req.headers.authorization !== `Bearer ${KEY}`)
      return this.send(res, 401, { statusCode: 401, message: 'Invalid key', data: null });
    if (req.method === 'POST' && url.pathname === '/cards') {
      const body = JSON.parse(raw) as CreateCardRequest;
      this.cards.push({
        _id: String(this.next++).padStart(24, 'a'),
        customer: body.customerId,
        type: body.type,
        brand: body.brand,
        currency: body.currency,
        status: body.status,
        metadata: this.keepsMetadata ? (body.metadata ?? {}) : {},
        createdAt: new Date().toISOString(),
      });
      if (this.answerStatus === 200)
        return this.send(res, 200, { statusCode: 200, message: 'Card created', data: this.cards.at(-1) });
      return this.send(res, this.answerStatus, { statusCode: this.answerStatus, message: 'Gateway error', data: null });
    }
    if (req.method === 'GET' && url.pathname === '/cards/authorizations') {
      const page = Number(url.searchParams.get('page') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const all = this.cards
        .filter((c) => this.used.has(c._id))
        .map((card, i) => ({
          _id: String(i + 1).padStart(24, 'b'),
          card: { ...card, customer: { _id: card.customer, name: 'Ada Obi' } },
          customer: card.customer,
          amount: 0,
          currency: card.currency,
          approved: true,
          status: 'closed',
          createdAt: card.createdAt,
        }));
      return this.send(res, 200, {
        statusCode: 200,
        message: 'Authorizations fetched',
        data: all.slice(page * limit, page * limit + limit),
        pagination: { total: all.length, pages: Math.ceil(all.length / limit), page, limit },
      });
    }
    const balance = /^\/cards\/([0-9a-f]{24})\/balance$/.exec(url.pathname);
    if (req.method === 'GET' && balance) {
      const card = this.cards.find((c) => c._id === balance[1]);
      if (!card) return this.send(res, 404, { statusCode: 404, message: 'Card not found', data: null });
      return this.send(res, 200, {
        statusCode: 200,
        message: 'ok',
        data: { currentBalance: 0, availableBalance: 0, currency: card.currency },
      });
    }
    return this.send(res, 404, { statusCode: 404, message: 'Not found', data: null });
  }
}

let service: IndependentService;
let folder: string;
let journal: Journal;
let knownCards: KnownCards;
let issuing: IssuingService;
const changes: JournalEntry[] = [];

beforeEach(async () => {
  service = new IndependentService();
  const baseUrl = await service.start();
  folder = mkdtempSync(join(tmpdir(), 'card-desk-reconcile-'));
  journal = openJournal({ key: TEST_CHAIN_KEY, file: join(folder, 'journal.sqlite') });
  knownCards = openKnownCards({ folder });
  const api = createCardApiClient({ baseUrl, getKey: async () => KEY });
  changes.length = 0;
  issuing = createIssuingService({
    getActive: async () => ({
      environment: { id: 'env-x', name: 'Independent', baseUrl, builtIn: false, hasKey: true, keyVerified: true },
      api,
      dataDir: folder,
    }),
    getJournal: async () => journal,
    getKnownCards: async () => knownCards,
    emit: (name, payload) => {
      if (name === 'journal.changed') changes.push(payload as JournalEntry);
    },
  });
});
afterEach(async () => {
  journal.close();
  knownCards.close();
  await service.stop();
  rmSync(folder, { recursive: true, force: true });
});

const request: CreateCardRequest = {
  customerId: CUSTOMER,
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  debitAccountId: 'd'.repeat(24),
};

async function unknownWrite(): Promise<string> {
  const r = await issuing.createCard(request);
  expect(!r.ok && r.error.kind).toBe('outcome_unknown');
  return !r.ok ? r.error.journalEntryId! : '';
}

describe('reconciling against an independent server', () => {
  it('finds the card by its reference in authorizations: certain, reconciled, with the evidence kept', async () => {
    const id = await unknownWrite();
    service.used.add(service.cards[0]!._id);
    await issuing.reconcileAccounts({ force: true });
    const entry = journal.get(id)!;
    expect(entry).toMatchObject({ outcome: 'reconciled', resultId: service.cards[0]!._id });
    expect(entry.evidence).toMatchObject({ certainty: 'certain', candidates: [service.cards[0]!._id] });
    expect(entry.evidence!.summary).toContain(entry.clientReference!);
    expect(service.posts()).toBe(1);
    expect(changes.at(-1)?.outcome).toBe('reconciled');
  });

  it('a card that only fits is a likely candidate, shown to the operator, and nothing is decided for them', async () => {
    service.keepsMetadata = false;
    const id = await unknownWrite();
    service.used.add(service.cards[0]!._id);
    await issuing.reconcileAccounts({ force: true });
    const entry = journal.get(id)!;
    expect(entry.outcome).toBe('outcome_unknown');
    expect(entry.evidence).toMatchObject({ certainty: 'likely', candidates: [service.cards[0]!._id] });
    expect(service.requests).toContain(`GET /cards/${service.cards[0]!._id}/balance`);
    // An identical request stays refused, and nothing is resent by itself.
    const again = await issuing.createCard(request);
    expect(!again.ok && again.error).toMatchObject({ kind: 'conflict', journalEntryId: id });
    expect(service.posts()).toBe(1);
  });

  it('nothing found is recorded as such, without claiming the card was not made', async () => {
    const id = await unknownWrite();
    await issuing.reconcileAccounts({ force: true });
    const entry = journal.get(id)!;
    expect(entry.outcome).toBe('outcome_unknown');
    expect(entry.evidence).toMatchObject({ certainty: 'none', candidates: [] });
    expect(entry.evidence!.summary).toMatch(/does not prove it was not created/);
    expect(service.posts()).toBe(1);
  });

  it('the look before an allowed resend finds a card that turned up, and refuses the resend', async () => {
    const id = await unknownWrite();
    service.used.add(service.cards[0]!._id);
    const r = await issuing.acknowledgeResend(id);
    expect(!r.ok && r.error.kind).toBe('conflict');
    expect(journal.get(id)!.outcome).toBe('reconciled');
    expect(service.posts()).toBe(1);
  });
});

describe('writes against an independent server that counts requests', () => {
  it('a card request answered 500 is an unknown outcome, and an immediate resend is not sent', async () => {
    service.answerStatus = 500;
    const id = await unknownWrite();
    expect(journal.get(id)!.outcome).toBe('outcome_unknown');
    const again = await issuing.createCard(request);
    expect(!again.ok && again.error).toMatchObject({ kind: 'conflict', journalEntryId: id });
    expect(service.posts()).toBe(1);
  });

  it('the same card request right after a success is not sent until the operator confirms it', async () => {
    service.answerStatus = 200;
    const first = await issuing.createCard(request);
    expect(first.ok).toBe(true);
    const repeat = await issuing.createCard(request);
    expect(!repeat.ok && repeat.error).toMatchObject({ kind: 'conflict', repeatOf: { noun: 'card' } });
    expect(service.posts()).toBe(1);
    expect((await issuing.createCard(request, { confirmRepeat: true })).ok).toBe(true);
    expect(service.posts()).toBe(2);
  });

  it('twenty identical card requests at once send exactly one', async () => {
    service.answerStatus = 200;
    const results = await Promise.all(Array.from({ length: 20 }, () => issuing.createCard(request)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(service.posts()).toBe(1);
  });
});
