// A file previewed becomes a batch: checked row by row (preview.ts) against the offline customer list and
// the journal, its cells sealed (input-seal.ts), stored as a `ready` batch, with any earlier batch of the
// same file named. Nothing is sent.
import { randomUUID } from 'node:crypto';
import type { BatchPreview, BulkColumn } from '../../src-shared/ipc/channels/bulk-issue';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { errorMessage } from '../errors/error-message';
import type { Journal } from '../journal/journal';
import { accountPlaces } from './accounts';
import type { BatchStore } from './batch-store';
import type { CustomerLookup } from './customer-match';
import type { InputSeal } from './input-seal';
import { checkFile } from './preview';

export interface CreateBatchDeps {
  getActive: () => Promise<ActiveEnvironment>;
  getJournal: () => Promise<Journal>;
  getCustomers: () => Promise<CustomerLookup>;
  store: BatchStore;
  inputSeal: () => Promise<InputSeal>;
  now: () => Date;
}

export interface PreviewInput {
  csv: string;
  fileName?: string;
  columns?: Record<string, BulkColumn | null>;
}

export async function createBatch(
  deps: CreateBatchDeps,
  { csv, fileName, columns = {} }: PreviewInput,
): Promise<Result<BatchPreview>> {
  const { store } = deps;
  const active = await deps.getActive();
  const environmentId = active.environment.id;
  const journal = await deps.getJournal();
  let lookup: CustomerLookup;
  try {
    lookup = await deps.getCustomers();
  } catch (e) {
    return err('internal', `The offline customer list could not be opened: ${errorMessage(e)}`);
  }
  const batchId = randomUUID();
  const seal = await deps.inputSeal();
  const check = await checkFile(csv, columns, {
    lookup,
    journal,
    environmentId,
    accounts: () => accountPlaces(active.api),
    holderOf: async (bankCode, accountNumber) => {
      const r = await active.api.nameEnquiry({ bankCode, accountNumber });
      if (r.ok) return r.data.accountName;
      // The service's 400: nobody holds this account. Anything else: it could not be asked.
      return r.error.kind === 'validation' ? null : { failed: r.error.message };
    },
    sealInput: (row, cells) => seal.seal(batchId, row, cells),
  });
  if (!check.ok) return err('validation', check.message, { field: check.field });
  const { checked } = check;
  store.create(
    {
      id: batchId,
      environmentId,
      createdAt: deps.now().toISOString(),
      fileName: fileName ?? null,
      fileHash: checked.fileHash,
      state: 'ready',
      inputHeaders: checked.headers,
    },
    checked.stored,
  );
  const earlier = store.sameFile(environmentId, checked.fileHash, batchId).find((b) => b.state !== 'ready');
  return ok({
    batchId,
    counts: checked.counts,
    rows: checked.rows,
    columns: checked.columns,
    sameFileAs: earlier ? { batchId: earlier.id, createdAt: earlier.createdAt, state: earlier.state } : null,
  });
}
