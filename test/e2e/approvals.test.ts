// Approvals in Chromium against the real handlers, a real PostgreSQL set up by `npm run team:setup` and the
// independent API, under a policy that asks for approval of every account and of cards above a spending
// limit. The desk signs in as an approver: the review step of a new account says *Needs approval* and why,
// and *Send for approval* sends nothing to the API; another person's request (made by her login straight in
// the database) is counted live in the navigation, opened on the Approvals page with its readable review,
// approved and sent once, naming both people, its result read as the card; the page exports what it shows.
// After *Send for approval* the dialog says what happened and its link opens the request; Withdraw asks first;
// a request rejected at another desk is told by a badge and asked again; a batch is judged from its rows and
// its outcome ("1 issued, 0 failed, 0 unknown of 1") arrives by itself, its rows one click away.
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
  await db.createLogin('ben', 'ben-e2e-Pa55', ['card_desk_operator', 'card_desk_approver']);
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
        approvals: {
          'cards.create': { spendingLimitAbove: 500_000 },
          'accounts.create': 'always',
          bulkIssue: 'always',
        },
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

/** Mary, at another desk, asks for a batch of one card (the rows her desk's preview found ready). */
async function maryAsksBatch(): Promise<string> {
  const request = {
    customerId: api.customers[2]!._id,
    type: 'virtual',
    currency: 'NGN',
    status: 'active',
    brand: 'Verve',
    debitAccountId: '7'.repeat(20) + 'acc0',
    spendingControls: { spendingLimits: [{ amount: 50000, interval: 'daily' }] },
  };
  const body = JSON.stringify({ rows: [{ row: 2, request }] });
  const sha = createHash('sha256').update(body).digest('hex');
  const mary = await db.connectAs('mary', 'mary-e2e-Pa55');
  try {
    const { rows } = await mary.query<{ id: string }>(
      `SELECT id::text FROM card_desk.request_approval('bulkIssue', $1, $2, $3, $4,
         ARRAY['every file of cards needs approval'], $5, $6, $7, 'DESK-MARY', 'New branch staff', 24)`,
      [
        body,
        sha,
        `${ENV}:batch:${sha}`,
        JSON.stringify([
          { label: 'Cards', value: '1 cards from a file of 1 rows' },
          { label: 'Rows by status', value: 'ready 1' },
        ]),
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
    const sent = dialog.getByTestId('sent-for-approval');
    await sent.waitFor();
    // It says what happened, and that nothing is lost by closing.
    expect(await sent.textContent()).toMatch(/^Sent for approval as request #\d+\. The account is kept in the team/);
    expect(await sent.textContent()).not.toMatch(/nothing was sent yet/);
    expect(await dialog.getByRole('button', { name: 'Back' }).count()).toBe(0);
    expect(posts('/accounts')).toEqual([]);
    const { rows } = await db.sql(`SELECT id::text, maker, state FROM card_desk.approval_requests WHERE note = $1`, [
      'Settlement account for the Abuja branch',
    ]);
    expect(rows).toEqual([{ id: expect.any(String), maker: 'ada', state: 'waiting' }]);
    const id = rows[0]!.id as string;
    // Its link closes the dialog (no "Discard?") and opens the request on Approvals.
    await sent.getByRole('link', { name: `Open request #${id} in Approvals` }).click();
    await dialog.waitFor({ state: 'detached' });
    const detail = page().getByRole('region', { name: new RegExp(`Request #${id}`) });
    await detail.getByRole('heading', { name: /· Waiting for approval$/ }).waitFor();

    // Withdrawing asks first; keeping it keeps it.
    await detail.getByRole('button', { name: 'Withdraw request' }).click();
    const confirm = detail.getByRole('alertdialog', { name: 'Withdraw this request?' });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await db.sql(`SELECT state FROM card_desk.approval_requests WHERE id = $1`, [id])).rows).toEqual([
      { state: 'waiting' },
    ]);

    // Rejected at another approver's desk: Ada is told (a badge away from Approvals) and asks again.
    await openFresh(app.e2e, 'accounts');
    const ben = await db.connectAs('ben', 'ben-e2e-Pa55');
    await ben
      .query(`SELECT card_desk.reject_request($1, 'Use the existing settlement account', 'DESK-BEN')`, [id])
      .finally(() => ben.end());
    await page().getByTestId('approvals-decided').waitFor({ timeout: 20_000 });
    await openFresh(app.e2e, `approvals/${id}`);
    await detail.getByRole('heading', { name: /· Rejected$/ }).waitFor();
    expect(await page().getByTestId('approvals-decided').count()).toBe(0);
    await detail.getByRole('button', { name: 'Ask again' }).click();
    await page()
      .getByRole('heading', { name: /· Waiting for approval$/ })
      .waitFor();
    const { rows: asked } = await db.sql(
      `SELECT state, body FROM card_desk.approval_requests WHERE note = $1 ORDER BY id`,
      ['Settlement account for the Abuja branch'],
    );
    expect(asked.map((r) => r.state)).toEqual(['rejected', 'waiting']);
    expect(asked[1]!.body).toBe(asked[0]!.body);
    // The new one is withdrawn after confirming.
    await page().getByRole('button', { name: 'Withdraw request' }).click();
    await page()
      .getByRole('button', { name: /^Withdraw request #\d+$/ })
      .click();
    await page()
      .getByRole('heading', { name: /· Withdrawn$/ })
      .waitFor();
    expect(posts('/accounts')).toEqual([]);
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
    // The review the approver reads is this desk's, rebuilt from the stored body.
    await detail.getByTestId('approver-review').getByText('₦900,000.00 monthly').waitFor();
    await detail.getByText(/mary on DESK-MARY/).waitFor();
    await detail.getByLabel('Note or reason').fill('Checked with HR');
    // Other tests of this file send cards to the same server, in a new order every run: count from here.
    const before = posts('/cards').length;
    await detail.getByRole('button', { name: 'Approve and send' }).click();
    await detail.getByRole('heading', { name: /· Sent$/ }).waitFor({ timeout: 20_000 });
    expect(posts('/cards').length - before).toBe(1);
    // The result is the card, as the operator knows cards: masked number, brand, limit, balance, a link.
    const issued = detail.getByTestId('approval-card');
    await expect
      .poll(() => issued.textContent(), { timeout: 20_000 })
      .toMatch(
        /^\d{6}.*\d{4} · Verve virtual NGN card, limit ₦900,000\.00 monthly · balance ₦[\d,]+\.\d\d · Open the card$/,
      );
    expect(await issued.getByRole('link', { name: 'Open the card' }).getAttribute('href')).toMatch(
      /^#\/cards\/[0-9a-f]{24}$/,
    );
    expect(posts('/cards')[before]!.body.metadata).toMatchObject({ requestedBy: 'mary', approvedBy: 'ada' });
    await expect.poll(() => link.textContent(), { timeout: 20_000 }).toMatch(/Approvals$/);
  });

  it('judges a batch from its rows, and follows its outcome to its rows in one click', async () => {
    await signedIn();
    const id = await maryAsksBatch();
    await openFresh(app.e2e, `approvals/${id}`);
    const detail = page().getByRole('region', { name: new RegExp(`Request #${id}`) });
    // Built on this desk from the batch's rows: the row with its customer and card, the debit account, the totals.
    await detail.getByText(new RegExp(`\\(${api.customers[2]!._id}\\).*: virtual Verve card in NGN`)).waitFor();
    await detail.getByText(/^Operations.*, for 1 card$/).waitFor();
    await detail.getByText('₦50,000.00 daily', { exact: true }).waitFor();
    const before = posts('/cards').length;
    await detail.getByRole('button', { name: 'Approve and send' }).click();
    // The outcome arrives by itself, with the figures, and the rows one click away.
    await detail.getByRole('heading', { name: /· Sent$/ }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => detail.getByTestId('approval-batch-outcome').textContent(), { timeout: 20_000 })
      .toMatch(/^1 issued, 0 failed, 0 unknown of 1 The rows in this desk’s journal$/);
    expect(posts('/cards').length - before).toBe(1);
    await detail.getByTestId('approval-batch-rows').click();
    await page().getByTestId('batch-filter').waitFor();
    await expect.poll(() => page().getByRole('table', { name: 'Journal entries' }).getByRole('row').count()).toBe(2);
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
