// Approvals in Chromium against the real handlers, a real PostgreSQL set up by `npm run team:setup` and the
// independent API, under a policy that asks for approval of every account and of cards above a spending
// limit. The desk signs in as an approver: the review step of a new account says *Needs approval* and why,
// and *Send for approval* sends nothing to the API; another person's request (made by her login straight in
// the database) is counted live in the navigation, opened on the Approvals page with its readable review,
// approved and sent once, naming both people; the page exports what it shows.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_POLICY } from '../../src-main/policy/policy';
import { postgresMissing, startPostgres, type TestPostgres } from '../support/postgres';
import { exportCsvFrom } from './exported-csv';
import { startIndependentApi, type IndependentApi } from './independent-api';
import { appWith, openFresh } from './shared-app';

const ADA = { user: 'ada', password: 'ada-e2e-Pa55' };
const ENV = 'bank';
let db: TestPostgres;
let api: IndependentApi;

beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  [db, api] = await Promise.all([startPostgres(), startIndependentApi(10)]);
  await db.createLogin('mary', 'mary-e2e-Pa55', ['card_desk_operator']);
  await db.createLogin('ada', ADA.password, ['card_desk_operator', 'card_desk_approver']);
});
afterAll(async () => {
  await Promise.all([db?.remove(), api?.stop()]);
});

const app = appWith(() => ({
  team: { firstRetryMs: 100, maxRetryMs: 500 },
  policy: {
    ...NO_POLICY,
    environments: [
      {
        id: ENV,
        name: 'Bank live',
        baseUrl: api.url,
        proxy: { mode: 'none' },
        extraCaFile: null,
        teamUrl: db.url,
        approvals: { 'cards.create': { spendingLimitAbove: 500_000 }, 'accounts.create': 'always' },
      },
    ],
  },
}));
const page = () => app.e2e.page;
const posts = (path: string) => api.writes.filter((w) => w.path === path);

/** Mary, at another desk, asks for a card above the limit (what her desk's request does, by her login). */
async function maryAsks(): Promise<string> {
  const body = JSON.stringify({
    customerId: api.customers[1]!._id,
    type: 'virtual',
    currency: 'NGN',
    status: 'active',
    brand: 'Verve',
    debitAccountId: '7'.repeat(20) + 'acc0',
    spendingControls: { spendingLimits: [{ amount: 900000, interval: 'monthly' }] },
  });
  const mary = await db.connectAs('mary', 'mary-e2e-Pa55');
  try {
    const { rows } = await mary.query<{ id: string }>(
      `SELECT id::text FROM card_desk.request_approval('cards.create', $1, $2, $3, $4,
         ARRAY['a spending limit of NGN 900,000 (monthly) is above NGN 500,000'], $5, $6, $7, 'DESK-MARY',
         'Regional manager', 24)`,
      [
        body,
        createHash('sha256').update(body).digest('hex'),
        `${ENV}:${randomUUID()}`,
        JSON.stringify([{ label: 'Spending limit', value: 'NGN 900,000 monthly' }]),
        ENV,
        new URL(api.url).origin,
        randomUUID(),
      ],
    );
    return rows[0]!.id;
  } finally {
    await mary.end();
  }
}

/** The desk in the bank's environment, signed in to the team database as Ada (whatever ran before). */
async function signedIn(): Promise<void> {
  await openFresh(app.e2e, 'overview');
  await page().evaluate(
    async ({ env, key, url, user, password }) => {
      for (const r of [
        await window.cardDesk.keys.set({ environmentId: env, key }),
        await window.cardDesk.environments.activate({ id: env }),
        await window.cardDesk.team.connect({ url, user, password }),
      ])
        if (!r.ok) throw new Error(r.error.message);
    },
    { env: ENV, key: api.key, url: db.url, ...ADA },
  );
}

describe('approvals', () => {
  it('says a new account needs approval, and sends it for approval instead of to the API', async () => {
    await signedIn();
    await openFresh(app.e2e, 'accounts');
    await page().getByRole('button', { name: 'Open an account or wallet' }).click();
    const dialog = page().getByRole('dialog', { name: 'Open an account or wallet' });
    const needs = dialog.getByTestId('needs-approval');
    await needs.filter({ hasText: 'every new account needs approval' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Open account' }).count()).toBe(0);
    await needs.getByLabel('Note for the approver').fill('Settlement account for the Abuja branch');
    await needs.getByRole('button', { name: 'Send for approval' }).click();
    await dialog.getByTestId('sent-for-approval').waitFor();
    expect(posts('/accounts')).toEqual([]);
    const { rows } = await db.sql(`SELECT maker, state FROM card_desk.approval_requests WHERE note = $1`, [
      'Settlement account for the Abuja branch',
    ]);
    expect(rows).toEqual([{ maker: 'ada', state: 'waiting' }]);
  });

  it('keeps Needs approval and Send for approval in view above the bar, however tall the form', async () => {
    await signedIn();
    await openFresh(app.e2e, 'accounts');
    await page().getByRole('button', { name: 'Open an account or wallet' }).click();
    const dialog = page().getByRole('dialog', { name: 'Open an account or wallet' });
    const send = dialog.getByTestId('needs-approval').getByRole('button', { name: 'Send for approval' });
    await send.waitFor();
    try {
      // A window shorter than the form too (as the card wizard's long review is), where the form scrolls.
      for (const size of [
        { width: 1024, height: 700 },
        { width: 1366, height: 850 },
        { width: 1024, height: 420 },
      ]) {
        await page().setViewportSize(size);
        // From the top of the dialog, as the operator arrives at it.
        await page().evaluate(() => document.querySelector('.modal-backdrop')!.scrollTo(0, 0));
        const where = `${size.width}×${size.height}`;
        const seen = await send.evaluate((button) => {
          const r = button.getBoundingClientRect();
          const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const backdrop = document.querySelector('.modal-backdrop')!;
          return {
            inView: r.top >= 0 && r.bottom <= window.innerHeight,
            uncovered: top !== null && button.contains(top),
            scrolls: backdrop.scrollHeight > backdrop.clientHeight,
          };
        });
        if (size.height === 420) expect(seen.scrolls, `${where}: the form is taller than the window`).toBe(true);
        expect(seen.inView && seen.uncovered, `${where}: ${JSON.stringify(seen)}`).toBe(true);
      }
    } finally {
      await page().setViewportSize({ width: 1360, height: 860 });
      await page().keyboard.press('Escape');
    }
  });

  it('counts another person’s request live, and approves it on the Approvals page: sent once, naming both', async () => {
    await signedIn();
    await openFresh(app.e2e, 'approvals');
    const id = await maryAsks();
    const link = page()
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Approvals/ });
    await expect.poll(() => link.textContent(), { timeout: 20_000 }).toMatch(/Approvals\s*1$/);
    await page()
      .getByRole('table', { name: 'Approval requests' })
      .getByRole('link', { name: `#${id}` })
      .click();
    const detail = page().getByRole('region', { name: new RegExp(`Request #${id}`) });
    await detail.getByText('NGN 900,000 monthly').waitFor();
    await detail.getByText(/mary on DESK-MARY/).waitFor();
    await detail.getByLabel('Note or reason').fill('Checked with HR');
    await detail.getByRole('button', { name: 'Approve and send' }).click();
    await detail.getByRole('heading', { name: /· Sent$/ }).waitFor({ timeout: 20_000 });
    expect(posts('/cards')).toHaveLength(1);
    expect(posts('/cards')[0]!.body.metadata).toMatchObject({ requestedBy: 'mary', approvedBy: 'ada' });
    await expect.poll(() => link.textContent(), { timeout: 20_000 }).toMatch(/Approvals$/);
  });

  it('exports the requests it shows', async () => {
    await signedIn();
    // One more, which Mary takes back at her desk.
    const withdrawn = await maryAsks();
    const mary = await db.connectAs('mary', 'mary-e2e-Pa55');
    await mary.query(`SELECT card_desk.withdraw_request($1, 'DESK-MARY')`, [withdrawn]).finally(() => mary.end());
    await openFresh(app.e2e, 'approvals');
    await page().getByRole('combobox', { name: /State/ }).selectOption('all');
    const { rows: stored } = await db.sql(
      `SELECT id::text, maker, state, coalesce(checker, '') AS checker FROM card_desk.approval_requests
        ORDER BY requested_at DESC, id DESC`,
    );
    const table = page().getByRole('table', { name: 'Approval requests' });
    await expect.poll(() => table.getByTestId('approval-row').count()).toBe(stored.length);
    const csv = await exportCsvFrom(page().locator('.toolbar'));
    expect(csv.rows.map((r) => ({ id: r.id, maker: r.maker, state: r.state, checker: r.checker }))).toEqual(stored);
    expect(csv.rows.find((r) => r.id === withdrawn)).toMatchObject({ maker: 'mary', state: 'withdrawn' });
    expect(csv.headers).toEqual(expect.arrayContaining(['summary', 'reasons', 'note', 'decisionNote', 'bodySha256']));
  });
});
