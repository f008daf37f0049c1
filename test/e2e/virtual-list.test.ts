// A list of more than 10,000 rows stays light: the Accounts page in continuous mode loads every page as
// the user scrolls, keeps only about a screenful of row elements in the DOM, and reaches the last row.
// The sandbox gets its 10,000 extra wallets through the real POST /accounts.
import { Agent, request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../src-shared/api/records';
import { listRows, rowCount, waitForRows } from './list-checks';
import { sandboxGet } from '../support/sandbox-api';
import { appWith } from './shared-app';

const EXTRA_WALLETS = 10_000;
const TABLE = 'Accounts';
// A generous rate limit: the set-up alone sends 10,000 requests.
const app = appWith({ sandbox: { seed: 9090, customers: 40, rateLimit: { limit: 1_000_000, windowMs: 60_000 } } });
let total = 0;
const page = () => app.e2e.page;

/** One POST /accounts on a kept-alive connection of `agent` (node:http: far less work a request than fetch). */
function postAccount(agent: Agent, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${app.sandbox.url}/accounts`,
      {
        method: 'POST',
        agent,
        headers: {
          Authorization: `Bearer ${app.sandbox.key}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new Error(`POST /accounts answered ${status}: ${text}`));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function openWallets(count: number): Promise<void> {
  const customers = app.sandbox.fixtures.sampleCustomerIds;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await postAccount(
        agent,
        JSON.stringify({
          type: 'wallet',
          currency: i % 3 ? 'NGN' : 'USD',
          accountType: 'Savings',
          customerId: customers[i % customers.length],
        }),
      );
    }
  };
  try {
    await Promise.all(Array.from({ length: 16 }, worker));
  } finally {
    agent.destroy();
  }
}

beforeAll(async () => {
  await app.e2e.open('accounts');
  await waitForRows(page(), TABLE);
  await openWallets(EXTRA_WALLETS);
  total = (await sandboxGet<Account[]>(app.sandbox, '/accounts?currency=ALL&page=0&limit=1')).pagination!.total;
}, 300_000);

describe('Virtualized list', () => {
  it(
    'scrolls a list of more than 10,000 accounts to its end with at most ~100 row elements in the DOM',
    { timeout: 240_000 },
    async () => {
      expect(total).toBeGreaterThan(EXTRA_WALLETS);
      await app.e2e.open('accounts?scroll=all');
      await page().reload();
      await waitForRows(page(), TABLE);
      expect(await page().getByRole('checkbox', { name: 'Scroll through all pages' }).isChecked()).toBe(true);
      await page()
        .getByRole('status')
        .filter({ hasText: `of ${total.toLocaleString('en')}` })
        .waitFor();

      const body = page().getByRole('rowgroup', { name: `${TABLE} rows` });
      await body.focus();
      const started = Date.now();
      let mostRowElements = 0;
      for (let loaded = await rowCount(page(), TABLE); loaded < total;) {
        await page().keyboard.press('End');
        await expect.poll(() => rowCount(page(), TABLE), { timeout: 30_000 }).toBeGreaterThan(loaded);
        loaded = await rowCount(page(), TABLE);
        mostRowElements = Math.max(mostRowElements, await listRows(page(), TABLE).count());
      }
      const seconds = (Date.now() - started) / 1000;
      await page().keyboard.press('End');

      expect(await rowCount(page(), TABLE)).toBe(total);
      expect(mostRowElements).toBeLessThanOrEqual(100);
      expect(await listRows(page(), TABLE).count()).toBeLessThanOrEqual(100);
      // The last row is rendered, focused and is the service's last account.
      const lastPage = await sandboxGet<Account[]>(
        app.sandbox,
        `/accounts?currency=ALL&page=${Math.ceil(total / 100) - 1}&limit=100`,
      );
      const lastRow = body.locator(`[role="row"][data-index="${total - 1}"]`);
      await lastRow.waitFor();
      expect(await lastRow.getAttribute('aria-rowindex')).toBe(String(total + 1));
      expect(await lastRow.textContent()).toContain(lastPage.data.at(-1)!.accountNumber!);
      expect(await page().evaluate(() => document.activeElement?.getAttribute('data-index'))).toBe(String(total - 1));
      const scroll = await body.evaluate((el) => ({
        top: el.scrollTop,
        height: el.clientHeight,
        full: el.scrollHeight,
      }));
      expect(scroll.top + scroll.height).toBeGreaterThanOrEqual(scroll.full - 2);
      await page()
        .getByRole('status')
        .filter({ hasText: `Loaded ${total.toLocaleString('en')} of ${total.toLocaleString('en')}` })
        .waitFor();
      await app.e2e.screenshot('virtual-list');
      console.log(
        `virtual list: ${total} rows loaded in ${seconds.toFixed(1)} s; at most ${mostRowElements} row elements in the DOM`,
      );

      // Home goes back to the first row just as lightly.
      await page().keyboard.press('Home');
      await body.locator('[role="row"][data-index="0"]').waitFor();
      expect(await listRows(page(), TABLE).count()).toBeLessThanOrEqual(100);
      expect(app.e2e.problems).toEqual([]);
    },
  );
});
