// POST /accounts: a business settlement account or a customer wallet, listed by GET /accounts at once
// and resolvable by name enquiry.
import { createAccountRequestSchema } from '../../../src-shared/api/requests';
import { WALLET_BANK_CODE, accountRecord, freshAccountNumber } from '../data/accounts';
import { firstIssueMessage } from '../http/issues';
import type { Outcome, SandboxDeps } from '../state/deps';
import type { AccountRecord } from '../state/records';

/** New settlement accounts are opened at the business's main bank. */
const SETTLEMENT_BANK_CODE = '101';

export function openAccount(deps: SandboxDeps, body: unknown): Outcome<AccountRecord> {
  const parsed = createAccountRequestSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: firstIssueMessage(parsed.error, 'The account request is invalid') };
  const req = parsed.data;
  const { store, customers, ids, random } = deps;
  const index = req.customerId ? customers.indexOf(req.customerId) : null;
  if (req.customerId && index === null) return { ok: false, message: 'customerId is not a known customer' };

  const now = deps.now();
  const wallet = req.type === 'wallet';
  const bankCode = wallet ? WALLET_BANK_CODE : SETTLEMENT_BANK_CODE;
  const account = accountRecord(
    {
      id: ids.account.issue(now.getTime()),
      business: store.businessId,
      ...(wallet ? { customer: req.customerId } : {}),
      type: req.type,
      currency: req.currency,
      accountName: wallet ? customers.at(index!).name : store.businessName,
      bankCode,
      accountType: req.accountType,
      balance: 0,
      isDefault: false,
      createdAt: now,
    },
    freshAccountNumber(store, bankCode, random),
    random,
  );
  store.addAccount(account);
  return { ok: true, value: account };
}
