// A running batch (issue from a file) as load for the keystroke measure: a file of `rows` of the sandbox's
// customers, previewed and started through the page's own bridge, as the page does it.
import type { Page } from 'playwright-core';
import type { Customer } from '../../../src-shared/api/records';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { sandboxGet } from '../../support/sandbox-api';

export async function startBatchInPage(page: Page, sandbox: SandboxHandle, rows: number): Promise<string> {
  const customers: Customer[] = [];
  for (let p = 0; customers.length < rows; p++) {
    const got = (await sandboxGet<Customer[]>(sandbox, `/customers?page=${p}&limit=100`)).data;
    if (got.length === 0) break;
    customers.push(...got);
  }
  const account = sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
  const csv = [
    'customer,type,brand,currency,status,debitAccountId,reference',
    ...customers.slice(0, rows).map((c, i) => `${c._id},virtual,Verve,NGN,active,${account},UI-${i + 1}`),
  ].join('\n');
  return page.evaluate(async (text) => {
    const preview = await window.cardDesk.bulkIssue.preview({ csv: text });
    if (!preview.ok) throw new Error(preview.error.message);
    const started = await window.cardDesk.bulkIssue.start({
      batchId: preview.data.batchId,
      cards: preview.data.counts.ready,
    });
    if (!started.ok) throw new Error(started.error.message);
    return preview.data.batchId;
  }, csv);
}

/** Rows sent so far, whether the batch still runs, and what it says when it stopped (paused, failed). */
export function batchProgress(
  page: Page,
  batchId: string,
): Promise<{ sent: number; running: boolean; message: string | null }> {
  return page.evaluate(async (id) => {
    const r = await window.cardDesk.bulkIssue.status({ batchId: id });
    return r.ok
      ? { sent: r.data.sent, running: r.data.state === 'running', message: r.data.message }
      : { sent: 0, running: false, message: r.error.message };
  }, batchId);
}
