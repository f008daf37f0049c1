// The team database in Chromium against the real handlers and a real PostgreSQL set up by `npm run
// team:setup`: Settings → Team signs the operator in with their own login (a refused password said as
// such), the status bar names the login, and the Journal's Team view lists every desk's entries with the
// login and desk of each (another desk's login writing straight to the database), and exports them, signed
// by the desk's key as its own journal's export is (`npm run journal:verify` accepts the file, not an edit).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startPostgres, type TestPostgres } from '../support/postgres';
import { exportCsvFrom } from './exported-csv';
import { issueWizard } from './issue-wizard';
import { appWith, openFresh } from './shared-app';
import { clippedText, widthProblems } from './fits-window';

const ALICE = { user: 'alice', password: 'alice-e2e-Pa55' };
let db: TestPostgres;
beforeAll(async () => {
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  db = await startPostgres();
  await db.createLogin('alice', ALICE.password, ['card_desk_operator']);
  await db.createLogin('bob', 'bob-e2e-Pa55', ['card_desk_operator']);
  // Bob's desk, elsewhere: one card issued there, in the team journal under his login.
  const bob = await db.connectAs('bob', 'bob-e2e-Pa55');
  await bob.query(
    `INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
     VALUES ($1, 'DESK-BOB', 'j1', 1, now(), 'bob-entry-1', 'settled', $2)`,
    [
      randomUUID(),
      JSON.stringify({ operation: 'cards.create', outcome: 'succeeded', result_id: 'card-of-bob', request_json: '{}' }),
    ],
  );
  await bob.end();
});
afterAll(async () => {
  await db?.remove();
});
// A lost database is tried again within half a second, so its return shows soon; the team's customer sync is
// read again each half second, so who syncs shows soon too.
const app = appWith({
  sandbox: { seed: 3737, customers: 20 },
  team: { firstRetryMs: 100, maxRetryMs: 500, customers: { pollEveryMs: 500 } },
});

const page = () => app.e2e.page;
const wizard = issueWizard(app);
const teamSection = () => page().getByRole('region', { name: 'Team', exact: true });

/** Signed in as alice through the bridge (what the form does), whatever an earlier test left. */
async function signedIn(): Promise<void> {
  await page().evaluate(
    async ({ url, user, password }) => {
      const r = await window.cardDesk.team.connect({ url, user, password });
      if (!r.ok) throw new Error(r.error.message);
    },
    { url: db.url, ...ALICE },
  );
}

describe('the team database', () => {
  it('signs in from Settings → Team with the operator’s own login, saying why a wrong password was refused', async () => {
    await openFresh(app.e2e, 'settings');
    await page().evaluate(() => window.cardDesk.team.disconnect());
    await openFresh(app.e2e, 'settings');
    await teamSection().getByText('No team database: this desk works on its own.').waitFor();
    await teamSection().getByRole('textbox', { name: 'Database address' }).fill(db.url);
    await teamSection().getByRole('textbox', { name: 'Database user' }).fill('alice');
    await teamSection().getByLabel('Password').fill('not-her-password');
    await teamSection().getByRole('button', { name: 'Sign in' }).click();
    await teamSection().getByRole('alert').filter({ hasText: 'refused the sign-in of alice' }).waitFor();

    await teamSection().getByLabel('Password').fill(ALICE.password);
    await teamSection().getByRole('button', { name: 'Sign in' }).click();
    await teamSection().getByText(`Connected to ${db.url} as alice.`).waitFor();
    await expect.poll(() => page().getByTestId('status-team').textContent()).toBe('Team: alice');
    await teamSection().getByRole('button', { name: 'Sign out alice' }).waitFor();
    expect(await teamSection().getByLabel('Password').count()).toBe(0);
  });

  it('refuses a plain address to another computer, naming the field', async () => {
    await openFresh(app.e2e, 'settings');
    await page().evaluate(() => window.cardDesk.team.disconnect());
    await openFresh(app.e2e, 'settings');
    await teamSection()
      .getByRole('textbox', { name: 'Database address' })
      .fill('postgres://db.example.com/carddesk?sslmode=disable');
    await teamSection().getByRole('textbox', { name: 'Database user' }).fill('alice');
    await teamSection().getByLabel('Password').fill('x');
    await teamSection().getByRole('button', { name: 'Sign in' }).click();
    await teamSection()
      .getByText(/without TLS is allowed only to this computer/)
      .waitFor();
    expect(await teamSection().getByRole('textbox', { name: 'Database address' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('lists every desk’s entries in the Journal’s Team view, with the login and desk of each, and exports them', async () => {
    await openFresh(app.e2e, 'journal');
    await signedIn();
    const { sampleCustomerIds, businessAccounts } = app.sandbox.fixtures;
    await page().evaluate(
      async ({ customerId, debitAccountId }) => {
        const r = await window.cardDesk.cards.create({
          customerId,
          type: 'virtual',
          currency: 'NGN',
          status: 'active',
          brand: 'Verve',
          debitAccountId,
        });
        if (!r.ok) throw new Error(r.error.message);
      },
      {
        customerId: sampleCustomerIds[0]!,
        debitAccountId: businessAccounts.find((a) => a.currency === 'NGN')!.id,
      },
    );
    await openFresh(app.e2e, 'journal');
    await page().getByRole('tab', { name: 'Team' }).click();
    const table = page().getByRole('table', { name: 'Team journal entries' });
    // The desk's own entry arrives once its outbox has sent it.
    await table.getByRole('row').filter({ hasText: 'alice' }).first().waitFor({ timeout: 60_000 });
    await table.getByRole('row').filter({ hasText: 'bob' }).filter({ hasText: 'DESK-BOB' }).waitFor();
    expect(await page().getByRole('tab', { name: 'Team' }).getAttribute('aria-selected')).toBe('true');

    const csv = await exportCsvFrom(page().locator('.toolbar'));
    expect(csv.headers).toEqual(expect.arrayContaining(['operator', 'desk', 'outcome', 'resultId']));
    expect(new Set(csv.rows.map((r) => r.operator))).toEqual(new Set(['alice', 'bob']));
    expect(csv.rows.find((r) => r.operator === 'bob')).toMatchObject({ desk: 'DESK-BOB', resultId: 'card-of-bob' });

    // Signed by this desk's key: journal:verify accepts the file as written, and names the row an edit changed.
    const { fingerprint } = await page().evaluate(async () => {
      const r = await window.cardDesk.journal.exportFingerprint();
      if (!r.ok) throw new Error(r.error.message);
      return r.data;
    });
    const verify = (file: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src-main/journal/verify-cli.ts', file, '--key', fingerprint], {
        encoding: 'utf8',
      });
    const untouched = verify(csv.file);
    expect(untouched.status, untouched.stderr).toBe(0);
    const edited = `${csv.file}.edited.csv`;
    writeFileSync(edited, readFileSync(csv.file, 'utf8').replace('card-of-bob', 'card-of-eve'));
    const refused = verify(edited);
    expect(refused.status).toBe(1);
    expect(refused.stdout + refused.stderr).toMatch(/was changed after it was exported/);

    await page().getByRole('tab', { name: 'This desk' }).click();
    await page().getByRole('table', { name: 'Journal entries' }).waitFor();
  });

  it('says in the status bar and Settings that the database cannot be reached, refuses writes naming it, and heals', async () => {
    await openFresh(app.e2e, 'settings');
    await signedIn();
    await expect.poll(() => page().getByTestId('status-team').textContent()).toBe('Team: alice');
    await db.stop();
    try {
      await expect.poll(() => page().getByTestId('status-team').textContent()).toMatch(/^Team database unreachable/);
      await teamSection()
        .getByText(/cannot be reached .* Card Desk keeps working on this desk and tries again/)
        .waitFor();
      const { sampleCustomerIds, businessAccounts } = app.sandbox.fixtures;
      // No other desk can be asked whether it is issuing the same card, so nothing is sent (teamRequiredForWrites).
      const refused = await page().evaluate(
        async ({ customerId, debitAccountId }) => {
          const r = await window.cardDesk.cards.create({
            customerId,
            type: 'virtual',
            currency: 'NGN',
            status: 'active',
            brand: 'Verve',
            debitAccountId,
          });
          return r.ok ? 'sent' : r.error.message;
        },
        { customerId: sampleCustomerIds[1]!, debitAccountId: businessAccounts.find((a) => a.currency === 'NGN')!.id },
      );
      expect(refused).toMatch(
        /^The team database 127\.0\.0\.1:\d+ is unreachable, so Card Desk cannot make sure no other desk is issuing this card\. Nothing was sent\./,
      );
      // The issue wizard says so on its review step, before Send.
      await wizard.openWizard('A new card');
      await wizard.dialog().getByRole('combobox', { name: 'Customer' }).fill(sampleCustomerIds[2]!);
      // The customer by name once an earlier test's sync cached them, else the id as typed: either is the one.
      await wizard.dialog().getByRole('listbox', { name: 'Matching customers' }).getByRole('option').first().click();
      await wizard.chooseDebitAccount();
      await wizard.goToReview();
      await expect
        .poll(() => wizard.dialog().getByTestId('team-writes-refused').textContent())
        .toMatch(
          /^This cannot be sent now\. The team database 127\.0\.0\.1:\d+ cannot be reached, so Card Desk sends no card/,
        );
      // …and its send button waits.
      expect(await wizard.dialog().getByRole('button', { name: 'Issue card' }).isDisabled()).toBe(true);
      await wizard.closeWizard();
      // Approvals says the database cannot be reached, not to sign in (the desk is still signed in).
      await openFresh(app.e2e, 'approvals');
      await expect
        .poll(() => page().getByTestId('approvals-unavailable').textContent())
        .toMatch(/^The team database cannot be reached now.*You are still signed in/);
    } finally {
      await db.start();
    }
    await expect.poll(() => page().getByTestId('status-team').textContent()).toBe('Team: alice');
  });

  it('says when the database refuses the saved password, and signs in again over it', async () => {
    await openFresh(app.e2e, 'settings');
    await signedIn();
    await db.sql(`ALTER ROLE alice PASSWORD 'alice-changed-Pa55'`);
    try {
      // IT changed the password: the next connection the desk makes is refused.
      await db.sql(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'alice'`);
      await expect.poll(() => page().getByTestId('status-team').textContent()).toBe('Team database: sign-in refused');
      await teamSection()
        .getByText(/refused the sign-in of alice/)
        .waitFor();
      await teamSection().getByRole('textbox', { name: 'Database user' }).fill('alice');
      await teamSection().getByLabel('Password').fill('alice-changed-Pa55');
      await teamSection().getByRole('button', { name: 'Sign in' }).click();
      await teamSection().getByText(`Connected to ${db.url} as alice.`).waitFor();
    } finally {
      await db.sql(`ALTER ROLE alice PASSWORD '${ALICE.password}'`);
    }
  });

  it('names in the status bar who syncs customers for the team, and when no desk does', async () => {
    await openFresh(app.e2e, 'customers');
    await signedIn();
    // Carol's desk, elsewhere, holds the team's sync lease.
    await db.createLogin('carol', 'carol-e2e-Pa55', ['card_desk_operator', 'card_desk_syncer']);
    const carol = await db.connectAs('carol', 'carol-e2e-Pa55');
    const deskId = randomUUID();
    await carol.query(`SELECT card_desk.take_sync_lease($1, 'DESK-CAROL', 60)`, [deskId]);
    try {
      await expect
        .poll(() => page().getByTestId('status-team-sync').textContent(), { timeout: 30_000 })
        .toMatch(/carol on DESK-CAROL$/);
      // The team desk's status bar, every item labelled and whole, at the two smaller sizes in both themes.
      const bar = page().getByRole('contentinfo', { name: 'Status' });
      expect(await bar.getByTestId('status-team').textContent()).toBe('Team: alice');
      expect(await bar.getByTestId('status-team-sync').textContent()).toMatch(/^Team customers: carol on DESK-CAROL$/);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page().emulateMedia({ colorScheme });
        for (const size of [
          { width: 1024, height: 700 },
          { width: 1366, height: 850 },
        ]) {
          await page().setViewportSize(size);
          const where = `${size.width}×${size.height} ${colorScheme}`;
          // The table lays itself out again after a resize (a ResizeObserver): checked once it has.
          await expect.poll(() => widthProblems(page()), { message: where }).toEqual([]);
          await expect.poll(() => clippedText(page()), { message: where }).toEqual([]);
          expect(await bar.getByTestId('status-team').isVisible(), where).toBe(true);
          expect(await bar.getByTestId('environment-badge').isVisible(), where).toBe(true);
        }
      }
      await page().emulateMedia({ colorScheme: 'light' });
      // Another desk syncs for the team: this one is not offered a sync of its own, and is told who does.
      const panel = page().getByRole('region', { name: 'Offline customer cache' });
      await expect
        .poll(() => panel.getByTestId('synced-elsewhere').textContent())
        .toBe("Customers are synced for the team by carol on DESK-CAROL; this desk reads the team's copy.");
      expect(await panel.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    } finally {
      // The next test, in whatever order, starts at the file's size and colours.
      await page().setViewportSize({ width: 1360, height: 860 });
      await page().emulateMedia({ colorScheme: 'light' });
      await carol.query('SELECT card_desk.release_sync_lease($1)', [deskId]);
      await carol.end();
    }
    await expect
      .poll(() => page().getByTestId('status-team-sync').textContent(), { timeout: 30_000 })
      .toMatch(/no desk syncs now$/);
  });
});
