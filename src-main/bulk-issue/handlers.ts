// IPC handlers of Issue from a file (bulkIssue.*): inputs already checked by the contract.
import { ok } from '../../src-shared/ipc/result';
import type { HandlersFor } from '../ipc/handler';
import type { SaveFilePort } from '../ports/ports';
import type { BulkIssueService } from './bulk-service';
import type { CustomerLookup } from './customer-match';
import { inputCellsOf, resultRows, saveResultsCsv, saveTemplate } from './results';

export type BulkIssueChannel =
  | 'bulkIssue.preview'
  | 'bulkIssue.start'
  | 'bulkIssue.pause'
  | 'bulkIssue.resume'
  | 'bulkIssue.cancel'
  | 'bulkIssue.status'
  | 'bulkIssue.results'
  | 'bulkIssue.list'
  | 'bulkIssue.saveTemplate'
  | 'bulkIssue.saveResults';

export function bulkIssueHandlers(
  service: BulkIssueService,
  getCustomers: () => Promise<CustomerLookup>,
  save: SaveFilePort,
): HandlersFor<BulkIssueChannel> {
  const results = async (batchId: string) => {
    const owned = await service.batch(batchId);
    if (!owned.ok) return owned;
    const lookup = await getCustomers().catch(() => null);
    const stored = service.store.rows(batchId);
    return ok({ batch: owned.data, stored, rows: await resultRows(owned.data, stored, lookup) });
  };
  return {
    'bulkIssue.preview': (input) => service.preview(input),
    'bulkIssue.start': (input) => service.start(input),
    'bulkIssue.pause': ({ batchId }) => service.pause(batchId),
    'bulkIssue.resume': ({ batchId }) => service.resume(batchId),
    'bulkIssue.cancel': ({ batchId }) => service.cancel(batchId),
    'bulkIssue.status': ({ batchId }) => service.status(batchId),
    'bulkIssue.list': () => service.list(),
    'bulkIssue.results': async ({ batchId }) => {
      const r = await results(batchId);
      return r.ok ? ok({ batchId, rows: r.data.rows }) : r;
    },
    'bulkIssue.saveTemplate': async () => ok(await saveTemplate(save)),
    'bulkIssue.saveResults': async ({ batchId }) => {
      const r = await results(batchId);
      if (!r.ok) return r;
      const input = inputCellsOf(r.data.batch, r.data.stored, await service.inputSeal());
      return ok(await saveResultsCsv(save, r.data.batch, r.data.rows, input));
    },
  };
}
