// Four eyes across desks: a real PostgreSQL set up by `npm run team:setup` with a maker (operator), a
// second operator who is no approver and two approvers; one desk (app core, own data folder) each, all on
// one independent API server, under a policy that asks for approval above a spending limit. A card above
// the limit is never sent by its maker's desk; the database refuses the maker's and the plain operator's
// approval; two approvers racing on it send one POST, whose card and journal entry name both people; a body
// edited in the database after it was asked for is never approved; a card below the limit goes directly; a
// file of 30 cards needs one approval and is then sent, 30 POSTs, by the approver's desk. Outcomes reach every
// desk by themselves, and a card issued on one desk is known on every desk (from the team journal); a review the
// maker wrote by hand is not what the approver reads: the approver's desk rebuilds it from the body. A wallet
// (always approved first) goes out from the approver's desk exactly as asked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCardRequest } from '../../../src-shared/api/requests';
import type { Approval, ApprovalsStatus } from '../../../src-shared/ipc/channels/approvals';
import type { JournalEntry } from '../../../src-shared/ipc/channels/journal';
import type { TeamJournalEntry, TeamStatus } from '../../../src-shared/ipc/channels/team';
import type { Card } from '../../../src-shared/api/records';
import type { AppCore } from '../../../src-main/core/app-core';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { NO_POLICY, type Policy } from '../../../src-main/policy/policy';
import { teamPasswordAccount } from '../../../src-main/team/team-settings';
import { HEADER, bridgeOf, cachedCustomers, data, validRow } from '../../support/bulk-fixture';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';
import { callCore, testAppCore } from '../support/app-core';

const LOGINS = {
  // Mary's desk also pages the API's customers for the team (every desk's cache fills from the team's copy).
  mary: { password: 'mary-Pa55-team', roles: ['card_desk_operator', 'card_desk_syncer'] },
  olu: { password: 'olu-Pa55-team', roles: ['card_desk_operator'] },
  ada: { password: 'ada-Pa55-team', roles: ['card_desk_operator', 'card_desk_approver'] },
  ben: { password: 'ben-Pa55-team', roles: ['card_desk_operator', 'card_desk_approver'] },
} as const;
type Login = keyof typeof LOGINS;
const ENV = 'bank';

let db: TestPostgres;
let server: IndependentApi;
let dir: string;
let policy: Policy;
const desks = {} as Record<Login, { core: AppCore; heard: ApprovalsStatus[] }>;
const secrets = defaultSecretStore();

async function openDesk(login: Login) {
  const heard: ApprovalsStatus[] = [];
  const core = await testAppCore(join(dir, login), {
    policy,
    team: { sendEveryMs: 100, firstRetryMs: 100, maxRetryMs: 500 },
    emit: (event, payload) => {
      if (event === 'approvals.changed') heard.push(payload as ApprovalsStatus);
    },
  });
  await callCore(core, 'keys.set', { environmentId: ENV, key: server.key });
  await callCore(core, 'environments.activate', { id: ENV });
  await callCore(core, 'team.connect', { url: db.url, user: login, password: LOGINS[login].password });
  desks[login] = { core, heard };
}

const card = (customer: number, limit: number): CreateCardRequest => ({
  customerId: server.customers[customer]!._id,
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  debitAccountId: '7'.repeat(20) + 'acc0',
  spendingControls: { spendingLimits: [{ amount: limit, interval: 'monthly' }] },
});

const cardPosts = () => server.writes.filter((w) => w.path === '/cards');
const call = (login: Login, ...args: [string, unknown]) =>
  callCore(desks[login].core, args[0] as never, args[1] as never);

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-approvals-'));
  [db, server] = await Promise.all([startPostgres(), startIndependentApi({ customers: 40, customerStyle: 'people' })]);
  for (const [name, login] of Object.entries(LOGINS)) await db.createLogin(name, login.password, [...login.roles]);
  policy = {
    ...NO_POLICY,
    file: join(dir, 'policy.json'),
    environments: [
      {
        id: ENV,
        name: 'Bank live',
        baseUrl: server.url,
        proxy: { mode: 'none' },
        extraCaFile: null,
        teamUrl: db.url,
        approvals: {
          'cards.create': { spendingLimitAbove: 500_000 },
          'accounts.create': 'always',
          bulkIssue: { rowsAbove: 20 },
        },
      },
    ],
  };
  for (const login of Object.keys(LOGINS) as Login[]) await openDesk(login);
});

afterAll(async () => {
  for (const { core } of Object.values(desks)) await core.dispose();
  for (const user of Object.keys(LOGINS))
    await secrets.delete(teamPasswordAccount(ENV, { url: db.url, user })).catch(() => false);
  await Promise.all([db?.remove(), server?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('four eyes on a card above the spending limit', () => {
  let asked: Approval;

  it('refuses to send it from the maker’s desk, saying it needs approval and why', async () => {
    await expect(call('mary', 'cards.create', card(0, 600_000))).rejects.toThrow(
      /This card needs approval \(a spending limit of ₦600,000\.00 \(monthly\) is above ₦500,000\.00\).*Nothing was sent/,
    );
    expect(await call('mary', 'approvals.check', { operation: 'cards.create', input: card(0, 600_000) })).toEqual({
      needed: true,
      reasons: ['a spending limit of ₦600,000.00 (monthly) is above ₦500,000.00'],
      problem: null,
    });
    expect(cardPosts()).toEqual([]);
  });

  it('stores it for approval, naming the maker the database knows, and sends nothing', async () => {
    asked = (await call('mary', 'approvals.request', {
      operation: 'cards.create',
      input: card(0, 600_000),
      note: 'Branch manager, Ikeja',
    })) as Approval;
    expect(asked).toMatchObject({ state: 'waiting', maker: 'mary', mine: true, environmentId: ENV });
    expect(asked.summary).toContainEqual({ label: 'Spending limit', value: '₦600,000.00 monthly' });
    expect(asked.summary).toContainEqual({ label: 'Paid from account', value: `Operations (${'7'.repeat(20)}acc0)` });
    await expect(
      call('olu', 'approvals.request', { operation: 'cards.create', input: card(0, 600_000) }),
    ).rejects.toThrow(/already waiting for approval \(request \d+, asked by mary/);
    // Nor can the same card go out directly from another desk while it waits.
    await expect(call('olu', 'cards.create', card(0, 400_000))).rejects.toThrow(
      /The same card is waiting for approval \(request \d+, asked by mary/,
    );
    await expect.poll(() => desks.ada.heard.at(-1)?.waitingForMe, { timeout: 20_000 }).toBe(1);
    expect(desks.olu.heard.at(-1)).toMatchObject({ approver: false, waitingForMe: 0 });
    expect(cardPosts()).toEqual([]);
  });

  it('has the database refuse the maker’s own approval and the plain operator’s', async () => {
    await expect(call('mary', 'approvals.approve', { id: asked.id })).rejects.toThrow(
      /team database refused: mary is not an approver/,
    );
    await expect(call('olu', 'approvals.approve', { id: asked.id })).rejects.toThrow(
      /team database refused: olu is not an approver/,
    );
    expect(cardPosts()).toEqual([]);
  });

  it('sends it once when two approvers race, naming maker and checker on the card and in the journal', async () => {
    const oluHeard = desks.olu.heard.length;
    const tries = await Promise.allSettled([
      call('ada', 'approvals.approve', { id: asked.id, note: 'Checked with HR' }),
      call('ben', 'approvals.approve', { id: asked.id }),
    ]);
    const won = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value as Approval] : []));
    expect(won).toHaveLength(1);
    const checker = won[0]!.checker!;
    expect(won[0]).toMatchObject({ state: 'sent', maker: 'mary' });
    expect(cardPosts()).toHaveLength(1);
    expect(cardPosts()[0]!.body.metadata).toMatchObject({
      approvalRequest: asked.id,
      requestedBy: 'mary',
      approvedBy: checker,
    });
    const journal = (await call(checker as Login, 'journal.list', {})) as JournalEntry[];
    expect(journal[0]).toMatchObject({ outcome: 'succeeded', operation: 'cards.create' });
    expect(journal[0]!.request.metadata).toMatchObject({ requestedBy: 'mary', approvedBy: checker });
    // The maker's desk sees how it ended.
    await expect
      .poll(async () => ((await call('mary', 'approvals.get', { id: asked.id })) as Approval).state, {
        timeout: 20_000,
      })
      .toBe('sent');
    await expect.poll(() => desks.ada.heard.at(-1)?.waitingForMe, { timeout: 20_000 }).toBe(0);
    // Every desk's window is told of each step, also where no count changed (olu neither asked nor approves).
    await expect.poll(() => desks.olu.heard.length, { timeout: 20_000 }).toBeGreaterThan(oluHeard);
    expect(desks.olu.heard.at(-1)).toMatchObject({ waitingForMe: 0, myWaiting: 0, myLastDecisionAt: null });
    const { rows } = await db.sql(
      `SELECT kind, operator FROM card_desk.journal_events WHERE entry_id = $1 ORDER BY team_seq`,
      [`approval-${asked.id}`],
    );
    expect(rows).toEqual([
      { kind: 'approval_requested', operator: 'mary' },
      { kind: 'approval_approved', operator: checker },
      { kind: 'approval_sending', operator: checker },
      { kind: 'approval_sent', operator: checker },
    ]);
  });

  it('tells the maker of the decision, and the maker’s desk knows the card: brand, masked number, limit, customer', async () => {
    await expect.poll(() => desks.mary.heard.at(-1)?.myLastDecisionAt ?? null, { timeout: 20_000 }).not.toBeNull();
    const sent = (await call('mary', 'approvals.get', { id: asked.id })) as Approval;
    const issued = cardPosts()[0]!;
    expect(sent.outcomeMessage).toMatch(/^Card \S+ issued$/);
    const known = async () =>
      (await call('mary', 'cards.get', { id: sent.resultId! }).catch(() => null)) as Card | null;
    // A look-up before the team journal brings the card knows only its id: wait for the card as issued.
    await expect.poll(async () => (await known())?.brand, { timeout: 20_000 }).toBe('Verve');
    const card = (await known())!;
    expect(card).toMatchObject({
      _id: sent.resultId,
      brand: 'Verve',
      type: 'virtual',
      currency: 'NGN',
      customer: issued.body.customerId,
      spendingControls: { spendingLimits: [{ amount: 600_000, interval: 'monthly' }] },
    });
    expect(card.maskedPan).toBe(sent.outcomeMessage!.replace(/^Card (\S+) issued$/, '$1'));
    // Found by the customer's page (its cards) as by its id.
    const ofCustomer = (await call('mary', 'cards.known', { customerId: issued.body.customerId as string })) as Card[];
    expect(ofCustomer.map((c) => c._id)).toContain(sent.resultId);
    // A desk that neither asked nor approved knows it too.
    await expect
      .poll(async () => ((await call('olu', 'cards.known', { query: sent.resultId! })) as Card[]).length, {
        timeout: 20_000,
      })
      .toBe(1);
  });

  it('never approves a request whose stored body was edited after it was asked for', async () => {
    const edited = (await call('mary', 'approvals.request', {
      operation: 'cards.create',
      input: card(1, 700_000),
    })) as Approval;
    await db.sql(`UPDATE card_desk.approval_requests SET body = replace(body, '700000', '7000000') WHERE id = $1`, [
      edited.id,
    ]);
    await expect(call('ada', 'approvals.approve', { id: edited.id })).rejects.toThrow(/changed after it was asked for/);
    expect(cardPosts()).toHaveLength(1);
    const rejected = (await call('ada', 'approvals.reject', {
      id: edited.id,
      reason: 'Body was tampered with',
    })) as Approval;
    expect(rejected).toMatchObject({ state: 'rejected', checker: 'ada', decisionNote: 'Body was tampered with' });
  });

  it('lets the maker withdraw a waiting request, and no one else', async () => {
    const waiting = (await call('mary', 'approvals.request', {
      operation: 'cards.create',
      input: card(2, 800_000),
    })) as Approval;
    await expect(call('olu', 'approvals.withdraw', { id: waiting.id })).rejects.toThrow(
      /Only mary, who asked for request \d+, can withdraw it/,
    );
    expect(await call('mary', 'approvals.withdraw', { id: waiting.id })).toMatchObject({ state: 'withdrawn' });
    const mine = (await call('mary', 'approvals.list', { mine: true })) as Approval[];
    expect(mine.map((a) => a.state)).toEqual(['withdrawn', 'rejected', 'sent']);
  });

  it('sends a card below the limit directly', async () => {
    await call('mary', 'cards.create', card(3, 400_000));
    expect(cardPosts()).toHaveLength(2);
    expect(cardPosts()[1]!.body.metadata).not.toHaveProperty('approvedBy');
  });
});

describe('a send its desk was stopped in the middle of', () => {
  it('is settled from that desk’s journal when it is back, and never sent again', async () => {
    const asked = (await call('mary', 'approvals.request', {
      operation: 'cards.create',
      input: card(4, 650_000),
    })) as Approval;
    // Ada's desk approved and claimed it, then stopped before its journal recorded anything (nothing sent).
    const desk = ((await call('ada', 'team.status', undefined)) as TeamStatus).desk;
    const ada = await db.connectAs('ada', LOGINS.ada.password);
    try {
      await ada.query('SELECT card_desk.approve_request($1, null, $2)', [asked.id, desk.name]);
      await ada.query('SELECT card_desk.claim_for_sending($1, $2, $3)', [asked.id, desk.id, desk.name]);
    } finally {
      await ada.end();
    }
    const before = cardPosts().length;
    await desks.ada.core.team.activate(ENV); // the desk on the team database again
    const settled = () => call('mary', 'approvals.get', { id: asked.id }) as Promise<Approval>;
    await expect.poll(async () => (await settled()).state, { timeout: 20_000 }).toBe('failed');
    expect((await settled()).outcomeMessage).toMatch(/stopped before sending it: nothing was sent/);
    expect(cardPosts().length).toBe(before);
  });
});

describe('a batch above the rows the policy allows', () => {
  it('needs one approval, and is then sent by the approver’s desk: 30 POSTs', async () => {
    const maker = bridgeOf(desks.mary.core);
    const customers = await cachedCustomers(maker, 40);
    const account = '7'.repeat(20) + 'acc0';
    const rows = customers.slice(5, 35).map((c, i) => validRow(c._id, account, `APR-${i + 1}`));
    const { batchId } = await data(
      maker('bulkIssue.preview', { csv: [HEADER, ...rows].join('\n'), fileName: 'staff.csv' }),
    );
    const before = cardPosts().length;
    await expect(data(maker('bulkIssue.start', { batchId, cards: 30 }))).rejects.toThrow(
      /This batch needs approval \(the batch has 30 cards, more than 20\)/,
    );
    const asked = (await call('mary', 'approvals.request', {
      operation: 'bulkIssue',
      input: { batchId },
      note: 'New branch staff',
    })) as Approval;
    expect(asked.summary).toEqual(
      expect.arrayContaining([
        { label: 'Cards', value: '30 cards from a file of 30 rows' },
        { label: 'Total spending limits', value: '₦1,500,000.00 daily' },
        { label: 'Rows by status', value: 'ready 30' },
      ]),
    );
    expect(cardPosts().length).toBe(before);
    // The approver judges it as the maker did, from its rows on the approver's desk: names, KYC, the debit account.
    const review = ((await call('ada', 'approvals.get', { id: asked.id })) as Approval).summary;
    const inFile = customers.slice(5, 35);
    const named = (c: (typeof inFile)[number]) =>
      c.name?.trim() || [c.individual?.firstName, c.individual?.lastName].filter(Boolean).join(' ');
    for (const c of [inFile[0]!, inFile[29]!])
      expect(review).toContainEqual({
        label: expect.stringMatching(/^Row \d+$/),
        value: expect.stringContaining(`${named(c)} (${c._id})`),
      });
    const notKyc = inFile.filter((c) => c.isApproved === false).length;
    expect(notKyc).toBeGreaterThan(0);
    expect(review).toContainEqual({
      label: 'Warning',
      value: `KYC not approved for ${notKyc} of the customers ready to be sent`,
    });
    expect(review).toContainEqual({
      label: 'Debit account',
      value: expect.stringMatching(new RegExp(`^Operations.*\\(${account}\\), for 30 cards$`)),
    });
    await expect(call('olu', 'approvals.approve', { id: asked.id })).rejects.toThrow(/olu is not an approver/);
    expect(await call('ada', 'approvals.approve', { id: asked.id })).toMatchObject({
      state: 'sending',
      checker: 'ada',
    });
    await expect
      .poll(async () => ((await call('mary', 'approvals.get', { id: asked.id })) as Approval).state, {
        timeout: 60_000,
      })
      .toBe('sent');
    expect(cardPosts().length - before).toBe(30);
    const sent = (await call('mary', 'approvals.get', { id: asked.id })) as Approval;
    expect(sent.outcomeMessage).toBe('30 issued, 0 failed, 0 unknown of 30');
    // Its rows are one click away on both desks: the approver's journal holds the batch, the maker's team journal
    // finds the cards of the request.
    expect(sent.batchOnThisDesk).toBe(false);
    const onApprover = (await call('ada', 'approvals.get', { id: asked.id })) as Approval;
    expect(onApprover.batchOnThisDesk).toBe(true);
    const batchRows = (await call('ada', 'journal.list', {
      batchId: onApprover.resultId!,
      limit: 100,
    })) as JournalEntry[];
    expect(batchRows.filter((e) => e.outcome === 'succeeded')).toHaveLength(30);
    const teamRows = async () =>
      (await call('mary', 'team.journal', { approvalRequest: asked.id, limit: 100 })) as TeamJournalEntry[];
    await expect
      .poll(async () => (await teamRows()).filter((e) => e.outcome === 'succeeded').length, {
        timeout: 30_000,
      })
      .toBe(30);
    expect((await teamRows()).every((e) => e.operator === 'ada')).toBe(true);
  });
});

describe('the approver reads the request, not the maker’s words', () => {
  it('shows 900,000,000 where a review the maker wrote by hand says 1,000, and warns of it', async () => {
    // Mary calls the database's function herself, as psql would, from her own desk, with a review of her own.
    const input = card(2, 900_000_000);
    const body = JSON.stringify(input);
    const deskId = ((await call('mary', 'team.status', undefined)) as TeamStatus).desk.id;
    const mary = await db.connectAs('mary', LOGINS.mary.password);
    let id: string;
    try {
      const { rows } = await mary.query<{ id: string }>(
        `SELECT (card_desk.request_approval('cards.create', $1, encode(sha256(convert_to($1, 'UTF8')), 'hex'),
           'by-hand-1', $2, ARRAY['NGN 100.00, a small card'], $3, $4, $5, 'MARY-DESK', 'routine', 24)).id::text AS id`,
        [
          body,
          JSON.stringify([
            { label: 'Customer', value: 'Someone harmless' },
            { label: 'Spending limit', value: 'NGN 1,000 monthly' },
          ]),
          ENV,
          new URL(server.url).origin,
          deskId,
        ],
      );
      id = rows[0]!.id;
    } finally {
      await mary.end();
    }
    const seen = (await call('ada', 'approvals.get', { id })) as Approval;
    expect(seen.review!.lines).toContainEqual({ label: 'Spending limit', value: '₦900,000,000.00 monthly' });
    expect(seen.review!.reasons).toEqual(['a spending limit of ₦900,000,000.00 (monthly) is above ₦500,000.00']);
    expect(seen.review!.warnings).toContain(
      `The maker's review says Spending limit "NGN 1,000 monthly"; the request says "₦900,000,000.00 monthly".`,
    );
    expect(seen.review!.warnings.some((w) => w.startsWith("The maker's review says Customer"))).toBe(true);
    // The maker's words stay hers, shown as such; the list carries no body.
    expect(seen.summary).toContainEqual({ label: 'Spending limit', value: 'NGN 1,000 monthly' });
    const listed = ((await call('ada', 'approvals.list', {})) as Approval[]).find((a) => a.id === id)!;
    expect(listed).toMatchObject({ request: {}, review: null });
    await call('ada', 'approvals.reject', { id, reason: 'the review does not match the request' });
  });
});

describe('four eyes on every new wallet', () => {
  it('is sent once by the approver’s desk exactly as asked, and its outcome names the wallet', async () => {
    const wallet = { type: 'wallet', currency: 'NGN', accountType: 'Savings', customerId: server.customers[5]!._id };
    const accountPosts = () => server.writes.filter((w) => w.path === '/accounts');
    await expect(call('mary', 'accounts.create', wallet)).rejects.toThrow(
      /This wallet needs approval \(every new wallet needs approval\).*Nothing was sent/,
    );
    const write = { operation: 'accounts.create', input: wallet };
    const asked = (await call('mary', 'approvals.request', write)) as Approval;
    expect(asked).toMatchObject({
      operation: write.operation,
      state: 'waiting',
      reasons: ['every new wallet needs approval'],
    });
    expect(((await call('ada', 'approvals.get', { id: asked.id })) as Approval).review!.reasons).toEqual([
      'every new wallet needs approval',
    ]);
    expect(accountPosts()).toEqual([]);

    const sent = (await call('ada', 'approvals.approve', { id: asked.id })) as Approval;
    expect(sent).toMatchObject({ state: 'sent', maker: 'mary', checker: 'ada', outcomeMessage: null });
    expect(accountPosts()).toEqual([{ path: '/accounts', body: wallet }]);
    const journal = (await call('ada', 'journal.list', {})) as JournalEntry[];
    expect(journal[0]).toMatchObject({ operation: 'accounts.create', outcome: 'succeeded', resultId: sent.resultId });
    const makerReads = async () => ((await call('mary', 'approvals.get', { id: asked.id })) as Approval).state;
    await expect.poll(makerReads, { timeout: 20_000 }).toBe('sent');
  });
});
