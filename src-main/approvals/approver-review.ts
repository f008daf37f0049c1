// The review the approver reads, built on the approver's desk from the request's stored body and this desk's
// own look-ups (the customer's name from its cache, the paying account from the service, the account holder
// by its own name enquiry) and the rules in force here; never from what the maker's desk wrote. Where the
// maker's stored review says otherwise, or the body is not a request this desk would send, it says so.
import { compareHolderName } from '../../src-shared/api/holder-name';
import { cardPathOf } from '../../src-shared/api/requests';
import type { Approval, SingleWrite } from '../../src-shared/ipc/channels/approvals';
import { parseWrite, type WriteKind } from '../../src-shared/ipc/write-kinds';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { originOf } from '../environments/environment-keys';
import { errorMessage } from '../errors/error-message';
import { approvalReasons } from './rules';
import type { RulesInForce } from './rules-in-force';
import { accountNameFrom, summaryOf } from './summary';

export type ApproverReview = NonNullable<Approval['review']>;
type Line = ApproverReview['lines'][number];

export interface ReviewDeps {
  active: ActiveEnvironment;
  inForce: RulesInForce;
  customerName: (customerId: string) => Promise<string | null>;
}

/** The stored body as the write it is, or why it is not one this desk would send. */
function writeOf(operation: WriteKind, body: string): { write: SingleWrite } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { problem: 'The stored request is not JSON: do not approve it.' };
  }
  const parsed = parseWrite(operation, value);
  if (!parsed.ok) {
    const first = parsed.issue;
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    return {
      problem: `The stored request is not a request this desk would send (${where}${first?.message}): do not approve it.`,
    };
  }
  return { write: parsed.write };
}

/** This desk's own name enquiry of a card's mapped account, compared with the customer's name here. */
async function holderLines(
  write: SingleWrite,
  deps: ReviewDeps,
  customer: string | null,
): Promise<{ lines: Line[]; warnings: string[] }> {
  if (write.operation !== 'cards.create' || cardPathOf(write.input) !== 'bankAccount')
    return { lines: [], warnings: [] };
  const { bankCode, accountNumber, metadata } = write.input;
  if (!bankCode || !accountNumber) return { lines: [], warnings: [] };
  const found = await deps.active.api.nameEnquiry({ bankCode, accountNumber }).catch((e: unknown) => ({
    ok: false as const,
    error: { message: errorMessage(e) },
  }));
  if (!found.ok)
    return {
      lines: [{ label: 'Account holder (this desk)', value: `not looked up: ${found.error.message}` }],
      warnings: ['The account holder could not be looked up from this desk: check it before approving.'],
    };
  const holder = found.data.accountName ?? '';
  const verdict = customer ? compareHolderName(holder, { name: customer }) : 'unknown';
  const said =
    verdict === 'match'
      ? 'matches the customer'
      : verdict === 'mismatch'
        ? 'does NOT match the customer'
        : 'customer unknown here';
  const warnings: string[] = [];
  if (verdict === 'mismatch') warnings.push(`The account ${accountNumber} is held by ${holder}, not ${customer}.`);
  const makers = metadata?.accountHolderName;
  if (makers && makers !== holder)
    warnings.push(`The maker's desk recorded the holder as ${makers}; this desk's name enquiry says ${holder}.`);
  return { lines: [{ label: 'Account holder (this desk)', value: `${holder} (${said})` }], warnings };
}

/** Where the maker's stored review says something else than the request does, label by label. */
function differences(theirs: Approval['summary'], ours: Line[]): string[] {
  const warnings: string[] = [];
  for (const line of ours) {
    const stated = theirs.filter((t) => t.label === line.label).map((t) => t.value);
    if (stated.length === 0) continue;
    // A name one desk knows and the other does not is no difference: the id is in both.
    const same = stated.some((v) => v === line.value || v.includes(line.value) || line.value.includes(v));
    if (!same)
      warnings.push(`The maker's review says ${line.label} "${stated.join('; ')}"; the request says "${line.value}".`);
  }
  const ourLabels = new Set(ours.map((l) => l.label));
  const hidden = theirs.filter((t) => !ourLabels.has(t.label) && t.label !== 'Environment').map((t) => t.label);
  if (hidden.length > 0) warnings.push(`The maker's review has lines the request does not: ${hidden.join(', ')}.`);
  return warnings;
}

/** The approver's review of a single card or account request. */
export async function approverReview(
  row: {
    operation: WriteKind;
    body: string;
    environmentAddress: string;
    summary: Approval['summary'];
    reasons: string[];
  },
  deps: ReviewDeps,
): Promise<ApproverReview> {
  const parsed = writeOf(row.operation, row.body);
  if ('problem' in parsed) return { lines: [], reasons: [], warnings: [parsed.problem] };
  const { write } = parsed;
  const here = originOf(deps.active.environment.baseUrl);
  const warnings: string[] = [];
  const sameService = here === row.environmentAddress;
  if (!sameService)
    warnings.push(
      `This request is for ${row.environmentAddress}; this desk's active environment is ${deps.active.environment.name} (${here}): names and accounts were not looked up.`,
    );
  const customerName = (id: string) => (sameService ? deps.customerName(id) : Promise.resolve(null));
  const lines = await summaryOf(write, {
    environmentName: sameService ? deps.active.environment.name : row.environmentAddress,
    environmentAddress: row.environmentAddress,
    customerName,
    ...(sameService
      ? { accountName: (id: string, currency: 'NGN' | 'USD') => accountNameFrom(deps.active.api, id, currency) }
      : {}),
  });
  const customer = write.input.customerId ? await customerName(write.input.customerId).catch(() => null) : null;
  const holder = sameService ? await holderLines(write, deps, customer) : { lines: [], warnings: [] };
  const reasons = deps.inForce.problem ? [deps.inForce.problem] : approvalReasons(deps.inForce.rules, write);
  warnings.push(...holder.warnings, ...differences(row.summary, lines));
  return { lines: [...lines, ...holder.lines], reasons, warnings };
}
