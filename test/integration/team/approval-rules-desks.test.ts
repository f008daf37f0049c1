// Approval rules set in Settings: a real PostgreSQL set up by team:setup, an administrator's desk (ike,
// card_desk_admin) and an operator's (mary), each an app core with its own data folder, on one independent
// API server. The policy is silent for environment `bank`: ike saves "a card above NGN 500,000 needs
// approval" through approvals.setRules and mary's desk, without a restart, refuses such a card and sends one
// below. mary cannot change them. For environment `strict` (same address) the policy sets `approvals` and
// wins over the database's rules. A rules row damaged in the database fails closed, naming what is wrong.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateCardRequest } from '../../../src-shared/api/requests';
import type { ApprovalRulesView } from '../../../src-shared/ipc/channels/approval-rules';
import type { AppCore } from '../../../src-main/core/app-core';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { NO_POLICY, type Policy } from '../../../src-main/policy/policy';
import { teamPasswordAccount } from '../../../src-main/team/team-settings';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { postgresMissing, startPostgres, type TestPostgres } from '../../support/postgres';
import { callCore, testAppCore } from '../support/app-core';

const LOGINS = {
  ike: { password: 'ike-Pa55-team', roles: ['card_desk_operator', 'card_desk_admin'] },
  mary: { password: 'mary-Pa55-team', roles: ['card_desk_operator'] },
} as const;
type Login = keyof typeof LOGINS;

let db: TestPostgres;
let server: IndependentApi;
let dir: string;
const desks = {} as Record<Login, AppCore>;
const secrets = defaultSecretStore();

const environment = (id: string, name: string) => ({
  id,
  name,
  baseUrl: server.url,
  proxy: { mode: 'none' as const },
  extraCaFile: null,
  teamUrl: db.url,
});

const call = (login: Login, channel: string, input?: unknown) =>
  callCore(desks[login], channel as never, input as never);

async function useEnvironment(login: Login, id: string) {
  await call(login, 'keys.set', { environmentId: id, key: server.key });
  await call(login, 'environments.activate', { id });
  await call(login, 'team.connect', { url: db.url, user: login, password: LOGINS[login].password });
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
const cardPosts = () => server.writes.filter((w) => w.path === '/cards').length;

/** Whether the desk, as it stands (no write sent), says the card needs approval. */
async function check(login: Login, request: CreateCardRequest): Promise<boolean> {
  const answer = (await call(login, 'approvals.check', { operation: 'cards.create', input: request })) as {
    needed: boolean;
  };
  return answer.needed;
}

/** What cards.create answered: "sent", or the refusal's message. */
async function sendCard(login: Login, request: CreateCardRequest): Promise<string> {
  try {
    await call(login, 'cards.create', request);
    return 'sent';
  } catch (error) {
    return (error as Error).message;
  }
}

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  dir = mkdtempSync(join(tmpdir(), 'card-desk-approval-rules-'));
  [db, server] = await Promise.all([startPostgres(), startIndependentApi({ customers: 12 })]);
  for (const [name, login] of Object.entries(LOGINS)) await db.createLogin(name, login.password, [...login.roles]);
  const policy: Policy = {
    ...NO_POLICY,
    file: join(dir, 'policy.json'),
    environments: [
      environment('bank', 'Bank live'),
      { ...environment('strict', 'Bank live (IT rules)'), approvals: { 'accounts.create': 'always' } },
    ],
  };
  for (const login of Object.keys(LOGINS) as Login[]) {
    desks[login] = await testAppCore(join(dir, login), {
      policy,
      team: { sendEveryMs: 100, firstRetryMs: 100, maxRetryMs: 500 },
    });
    await useEnvironment(login, 'bank');
  }
});

afterAll(async () => {
  for (const core of Object.values(desks)) await core.dispose();
  for (const user of Object.keys(LOGINS))
    for (const env of ['bank', 'strict'])
      await secrets.delete(teamPasswordAccount(env, { url: db.url, user })).catch(() => false);
  await Promise.all([db?.remove(), server?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('approval rules set in Settings', () => {
  it('starts with none, editable only by the administrator', async () => {
    expect(await call('ike', 'approvals.rules')).toMatchObject({ source: 'none', rules: null, canEdit: true });
    expect(await call('mary', 'approvals.rules')).toMatchObject({
      source: 'none',
      canEdit: false,
      readOnlyReason:
        "Only the team database's administrators can change the approval rules: ask IT to make your login one.",
    });
    await expect(call('mary', 'approvals.setRules', { rules: { 'cards.create': 'never' } })).rejects.toThrow(
      "Only the team database's administrators can change the approval rules: ask IT to make your login one.",
    );
    await expect(
      call('ike', 'approvals.setRules', { rules: { 'cards.create': { spendingLimitAbove: -5 } } }),
    ).rejects.toThrow(/spendingLimitAbove/);
  });

  it('applies what the administrator saves on the other desk at once', async () => {
    expect(await sendCard('mary', card(0, 600_000))).toBe('sent');
    const saved = (await call('ike', 'approvals.setRules', {
      rules: { 'cards.create': { spendingLimitAbove: 500_000 } },
    })) as ApprovalRulesView;
    expect(saved).toMatchObject({ source: 'team', setBy: 'ike', canEdit: true, problem: null });
    const before = cardPosts();
    // Heard by mary's desk (notified), without a restart.
    await expect.poll(() => check('mary', card(1, 600_000)), { timeout: 20_000 }).toBe(true);
    expect(await sendCard('mary', card(1, 600_000))).toMatch(
      /This card needs approval \(a spending limit of ₦600,000\.00 \(monthly\) is above ₦500,000\.00\)/,
    );
    expect(cardPosts()).toBe(before);
    expect(await sendCard('mary', card(2, 400_000))).toBe('sent');
    expect(cardPosts()).toBe(before + 1);
    expect(await call('mary', 'approvals.rules')).toMatchObject({
      source: 'team',
      rules: { 'cards.create': { spendingLimitAbove: 500_000 } },
      setBy: 'ike',
    });
  });

  it('lets the policy win where it sets approvals', async () => {
    await useEnvironment('mary', 'strict');
    await useEnvironment('ike', 'strict');
    expect(await call('ike', 'approvals.rules')).toMatchObject({
      source: 'policy',
      rules: { 'accounts.create': 'always' },
      canEdit: false,
      readOnlyReason: "IT's policy sets the approval rules of this environment; they cannot be changed in Settings.",
    });
    await expect(call('ike', 'approvals.setRules', { rules: null })).rejects.toThrow(/IT's policy sets/);
    expect(await sendCard('mary', card(3, 600_000))).toBe('sent');
    await useEnvironment('mary', 'bank');
    await useEnvironment('ike', 'bank');
  });

  it('fails closed on a damaged rules row, saying what is wrong', async () => {
    await db.sql(
      `UPDATE card_desk.approval_rules SET rules = '{"cards.create": {"spendingLimitAbove": "lots"}}';
       SELECT pg_notify('card_desk_approval_rules', 'damaged')`,
    );
    await expect.poll(() => check('mary', card(4, 100)), { timeout: 20_000 }).toBe(true);
    const before = cardPosts();
    expect(await sendCard('mary', card(4, 100))).toMatch(
      /approval rules in the team database, set by ike, cannot be read \(cards\.create\.spendingLimitAbove: spendingLimitAbove must be an amount\)/,
    );
    const view = (await call('mary', 'approvals.rules')) as ApprovalRulesView;
    expect(view).toMatchObject({ source: 'team', rules: null });
    expect(view.problem).toMatch(/every write needs approval until an administrator saves them again/);
    expect(cardPosts()).toBe(before);
    // The administrator clears them: back to none, writes go directly.
    expect(await call('ike', 'approvals.setRules', { rules: null })).toMatchObject({ source: 'none', setBy: 'ike' });
    await expect.poll(() => check('mary', card(5, 100)), { timeout: 20_000 }).toBe(false);
    expect(await sendCard('mary', card(5, 100))).toBe('sent');
  });
});
