// Opening an account or wallet: journaled, sent once; an unknown outcome is looked for among the
// customer's accounts in the background (reconciliation.ts).
import type { Account } from '../../src-shared/api/records';
import type { CreateAccountRequest } from '../../src-shared/api/requests';
import type { Result } from '../../src-shared/ipc/result';
import { WRITE_KINDS } from '../../src-shared/ipc/write-kinds';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { answerOf, journaledWrite, type WriteContext } from './journaled-write';
import type { Reconciliation } from './reconciliation';

const ACCOUNT_UNKNOWN_ADVICE =
  'It is recorded in the Journal. Check Accounts for it; Card Desk looks there too and marks it reconciled if it finds it.';

export async function openAccount(
  ctx: WriteContext & { active: ActiveEnvironment },
  request: CreateAccountRequest,
  { signal, confirmRepeat = false }: { signal?: AbortSignal; confirmRepeat?: boolean } = {},
  reconciliation: Pick<Reconciliation, 'reconcileAccounts' | 'reconcileAccountsInBackground'>,
  warn: (what: string, e: unknown) => void,
): Promise<Result<Account>> {
  const operation = 'accounts.create';
  const outcome = await journaledWrite<Account>(ctx, {
    operation,
    noun: WRITE_KINDS[operation].noun(request),
    request,
    clientReference: null,
    send: (toSend) => ctx.active.api.createAccount(toSend as CreateAccountRequest),
    resultIdOf: (account) => account._id,
    recheckUnknown: async () => {
      await reconciliation
        .reconcileAccounts({ force: true })
        .catch((e: unknown) => warn('account reconciliation failed', e));
    },
    cancelled: () => signal?.aborted ?? false,
    confirmRepeat,
  });
  if (outcome.kind === 'answered' && !outcome.result.ok && outcome.result.error.kind === 'outcome_unknown') {
    reconciliation.reconcileAccountsInBackground();
  }
  return answerOf(outcome, ACCOUNT_UNKNOWN_ADVICE);
}
