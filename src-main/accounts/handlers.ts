// Every accounts.* channel: the accounts and wallets of the service, the name on a bank account (name
// enquiry), and opening an account or wallet, which the issuing service journals (injected, so this room
// need not sit above it).
import type { Account } from '../../src-shared/api/records';
import type { CreateAccountRequest } from '../../src-shared/api/requests';
import type { Result } from '../../src-shared/ipc/result';
import { channelResult } from '../api/read-result';
import type { CardApiClient } from '../api/types';
import type { HandlersFor } from '../ipc/handler';

export type AccountChannel = 'accounts.list' | 'accounts.nameEnquiry' | 'accounts.create';

export type CreateAccount = (
  request: CreateAccountRequest,
  options: { signal: AbortSignal; confirmRepeat: boolean },
) => Promise<Result<Account>>;

export interface AccountHandlerDeps {
  /** The active environment (its client answers the reads). */
  getActive: () => Promise<{ api: CardApiClient }>;
  createAccount: CreateAccount;
}

export function accountHandlers(deps: AccountHandlerDeps): HandlersFor<AccountChannel> {
  const api = async () => (await deps.getActive()).api;
  return {
    'accounts.list': async (query, { signal }) => channelResult(await (await api()).listAccounts(query, { signal })),
    'accounts.nameEnquiry': async (request, { signal }) =>
      channelResult(await (await api()).nameEnquiry(request, { signal })),
    'accounts.create': ({ confirmRepeat, ...request }, { signal }) =>
      deps.createAccount(request, { signal, confirmRepeat: confirmRepeat === true }),
  };
}
