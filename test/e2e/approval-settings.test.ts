// Settings → Approvals in Chromium against the real handlers, a real PostgreSQL set up by team:setup and the
// independent API, under a policy silent about approvals. Ike (card_desk_admin) chooses "a card needs
// approval when its spending limit is above …": a wrong amount is named at its field, a right one is saved
// in the database with his login and shown with who set it; Mary (an operator) sees the same rules read-only,
// with the reason, and without a Save button. Each test sets the rules it starts from (tests run in any order).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_POLICY } from '../../src-main/policy/policy';
import { postgresMissing, startPostgres, type TestPostgres } from '../support/postgres';
import { startIndependentApi, type IndependentApi } from './independent-api';
import { appWith, openFresh } from './shared-app';

const IKE = { user: 'ike', password: 'ike-e2e-Pa55' };
const MARY = { user: 'mary', password: 'mary-e2e-Pa55' };
const ENV = 'bank';
let db: TestPostgres;
let api: IndependentApi;

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  [db, api] = await Promise.all([startPostgres(), startIndependentApi(4)]);
  await db.createLogin(IKE.user, IKE.password, ['card_desk_operator', 'card_desk_admin']);
  await db.createLogin(MARY.user, MARY.password, ['card_desk_operator']);
});
afterAll(async () => {
  await Promise.all([db?.remove(), api?.stop()]);
});

const app = appWith(() => ({
  team: { firstRetryMs: 100, maxRetryMs: 500 },
  policy: {
    ...NO_POLICY,
    environments: [
      { id: ENV, name: 'Bank live', baseUrl: api.url, proxy: { mode: 'none' }, extraCaFile: null, teamUrl: db.url },
    ],
  },
}));
const page = () => app.e2e.page;

/** Ike, from another desk, keeps `rules` for the bank's address (null: clears them). */
async function ikeSets(rules: unknown): Promise<void> {
  const ike = await db.connectAs(IKE.user, IKE.password);
  try {
    await ike.query(`SELECT card_desk.set_approval_rules($1, $2::jsonb, gen_random_uuid(), 'DESK-IKE')`, [
      new URL(api.url).origin,
      rules === null ? null : JSON.stringify(rules),
    ]);
  } finally {
    await ike.end();
  }
}
const section = () => page().getByRole('region', { name: 'Approvals', exact: true });

/** The desk in the bank's environment, signed in to the team database as `login`. */
async function signedInAs(login: { user: string; password: string }): Promise<void> {
  await openFresh(app.e2e, 'overview');
  await page().evaluate(
    async ({ env, key, url, user, password }) => {
      await window.cardDesk.team.disconnect();
      for (const r of [
        await window.cardDesk.keys.set({ environmentId: env, key }),
        await window.cardDesk.environments.activate({ id: env }),
        await window.cardDesk.team.connect({ url, user, password }),
      ])
        if (!r.ok) throw new Error(r.error.message);
    },
    { env: ENV, key: api.key, url: db.url, ...login },
  );
  await openFresh(app.e2e, 'settings');
}

describe('Settings → Approvals', () => {
  it('lets an administrator set the rules, naming a wrong field', async () => {
    await ikeSets(null);
    await signedInAs(IKE);
    await section()
      .getByText(/No write needs approval \(cleared by ike on/)
      .waitFor();
    const cards = section().getByRole('group', { name: 'A new card' });
    await cards.getByLabel('When…').check();
    const limit = section().getByLabel(/Its spending limit is above/);
    await limit.fill('lots');
    await section().getByRole('button', { name: 'Save' }).click();
    await section().getByText('Spending limit above must be an amount above 0, like 500,000').waitFor();
    expect(await limit.getAttribute('aria-invalid')).toBe('true');
    await limit.fill('500,000');
    await section().getByRole('button', { name: 'Save' }).click();
    await section().getByText('Saved: every desk of the team uses these rules now.').waitFor();
    await section()
      .getByTestId('approval-rules-source')
      .filter({ hasText: /Set in the team database by ike on/ })
      .waitFor();
    const { rows } = await db.sql('SELECT rules, set_by FROM card_desk.approval_rules');
    expect(rows).toEqual([
      {
        rules: { 'cards.create': { spendingLimitAbove: 500000 }, 'accounts.create': 'never', bulkIssue: 'never' },
        set_by: 'ike',
      },
    ]);
  });

  it('shows them read-only, with the reason, to a login that is not an administrator', async () => {
    await ikeSets({ 'cards.create': { spendingLimitAbove: 500000 } });
    await signedInAs(MARY);
    await section()
      .getByText(
        "Only the team database's administrators can change the approval rules: ask IT to make your login one.",
      )
      .waitFor();
    await section()
      .getByTestId('approval-rules-source')
      .filter({ hasText: /by ike on/ })
      .waitFor();
    expect(
      await section()
        .getByLabel(/Its spending limit is above/)
        .inputValue(),
    ).toBe('500000');
    expect(await section().getByRole('group', { name: 'A new card' }).getByLabel('When…').isChecked()).toBe(true);
    expect(
      await section()
        .getByLabel(/Its spending limit is above/)
        .isDisabled(),
    ).toBe(true);
    expect(await section().getByRole('button', { name: 'Save' }).count()).toBe(0);
  });
});
