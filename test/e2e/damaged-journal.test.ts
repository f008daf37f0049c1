// A journal filled with garbage, in Chromium against the real handlers and the local sandbox: the app
// starts, reads work, the card request is refused and never sent, Settings says what happened and where
// the old file is, and starting a new journal there lets requests through again.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOURNAL_MARKER } from '../../src-main/journal/journal-file';
import { appWith } from './shared-app';

/** A data folder whose journal is garbage. */
function damagedDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'card-desk-damaged-journal-'));
  writeFileSync(join(dataDir, JOURNAL_MARKER), '{}\n');
  writeFileSync(join(dataDir, 'journal.sqlite'), 'garbage, not a database\n'.repeat(500));
  return dataDir;
}

const app = appWith(() => ({ dataDir: damagedDataDir(), sandbox: { seed: 21, customers: 20 } }));

describe('a damaged journal', () => {
  it('lets the app start and read, refuses card requests until a new journal is started in Settings', async () => {
    const page = app.e2e.page;
    await app.e2e.open('disputes');
    const disputes = await page.evaluate(() => window.cardDesk.disputes.list({}));
    expect(disputes.ok).toBe(true);

    const sandbox = app.e2e.harness.core.localSandbox()!;
    const request = {
      customerId: sandbox.fixtures.sampleCustomerIds[0]!,
      type: 'virtual' as const,
      currency: 'NGN' as const,
      status: 'active' as const,
      brand: 'Verve' as const,
      debitAccountId: sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id,
    };
    const refused = await page.evaluate((r) => window.cardDesk.cards.create(r), request);
    expect(!refused.ok && refused.error.kind).toBe('forbidden');
    expect(sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(0);

    await app.e2e.open('settings');
    const section = page.getByRole('region', { name: 'Journal' });
    await section.getByRole('alert').waitFor();
    const told = await section.getByRole('alert').textContent();
    expect(told).toMatch(/is damaged\. It was moved to journal\.sqlite\.corrupt-/);
    expect(told).toContain('start a new journal in Settings');
    expect(await app.e2e.axeViolations()).toEqual([]);
    await app.e2e.screenshot('settings-damaged-journal');
    const start = section.getByRole('button', { name: 'Start a new journal' });
    expect(await start.isDisabled()).toBe(true);
    await section.getByRole('checkbox').check();
    await start.click();
    await section.getByText('A new journal was started.').waitFor();

    const sent = await page.evaluate((r) => window.cardDesk.cards.create(r), request);
    expect(sent.ok).toBe(true);
    expect(sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(app.e2e.problems).toEqual([]);
  });
});
