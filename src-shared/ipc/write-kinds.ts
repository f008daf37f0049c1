// The registry of write kinds: every write Card Desk journals and sends once, in one entry each. The journal,
// issuing, approvals, the team's claims and journal, the channel files and the renderer's filters and forms
// all read it. To add a write: an entry here, its request in `api/requests.ts`, its screen, its tests.
import { z } from 'zod';
import { formatMoney } from '../api/money';
import {
  cardPathOf,
  createAccountRequestSchema,
  createCardRequestSchema,
  type CreateAccountRequest,
  type CreateCardRequest,
} from '../api/requests';

const always = z.literal('always');
const never = z.literal('never');

/** "always", "never", or conditions any of which makes a card need approval. */
const cardApprovalRule = z.union([
  always,
  never,
  z.strictObject({
    /** A spending limit above this amount (in the card's currency). */
    spendingLimitAbove: z.number({ error: 'spendingLimitAbove must be an amount' }).positive().optional(),
    /** A card mapped to a bank account. */
    mappedToBankAccount: z.boolean().optional(),
    /** A card that replaces another. */
    replacement: z.boolean().optional(),
  }),
]);

function cardReasons(rule: z.infer<typeof cardApprovalRule>, card: CreateCardRequest): string[] {
  if (rule === 'never') return [];
  if (rule === 'always') return ['every new card needs approval'];
  const reasons: string[] = [];
  const limit = rule.spendingLimitAbove;
  if (limit !== undefined)
    for (const spending of card.spendingControls?.spendingLimits ?? [])
      if (spending.amount > limit)
        reasons.push(
          `a spending limit of ${formatMoney(spending.amount, card.currency)} (${spending.interval}) is above ${formatMoney(limit, card.currency)}`,
        );
  if (rule.mappedToBankAccount && cardPathOf(card) === 'bankAccount')
    reasons.push('the card is mapped to a bank account');
  if (rule.replacement && card.replacementFor) reasons.push('the card replaces another card');
  return reasons;
}

const accountNoun = (account: Pick<CreateAccountRequest, 'type'>) => (account.type === 'wallet' ? 'wallet' : 'account');

/** One kind of write. */
interface WriteKindEntry<Request extends z.ZodType, Rule extends z.ZodType> {
  /** The request as the window sends it (validated at the IPC boundary). */
  request: Request;
  /** The fields of the request that make two writes the same write (the journal's fingerprint). */
  fingerprintFields: readonly string[];
  /**
   * The operator's words: the journal's Operation column and CSV, the Journal's filter, and its rule's legend
   * in Settings → Approvals.
   */
  words: { action: string; filter: string; approvalRule: string };
  /** What one write makes, in the operator's words ("card", "wallet"). */
  noun: (request: z.output<Request>) => string;
  /** What the result id names: the link a journal row or an approval's outcome gives. */
  result: 'card' | 'account';
  /**
   * How its unknown outcome is reconciled: a card by its client reference (the known-cards index, then the
   * authorizations), an account by listing the customer's accounts.
   */
  reconcile: 'clientReference' | 'listing';
  /** Its rule in the approval rules (policy or team database), and why a request needs approval under it. */
  approval: { rule: Rule; reasons: (rule: z.output<Rule>, request: z.output<Request>) => string[] };
  /** Claimed in the team database by its fingerprint before it is sent, so no other desk sends it meanwhile. */
  teamClaim: boolean;
  /**
   * How an approved request records its four eyes in what it makes (a card: in its metadata, which its
   * journal entry holds too); absent: it is sent as approved.
   */
  stampApproval?: (request: z.output<Request>, who: ApprovalStamp) => z.output<Request>;
}

/** Who asked for an approved request and who approved it, as a write records them. */
export interface ApprovalStamp {
  /** The approval request's id in the team database. */
  request: string;
  requestedBy: string;
  approvedBy: string;
}

function kind<Request extends z.ZodType, Rule extends z.ZodType>(
  entry: WriteKindEntry<Request, Rule>,
): WriteKindEntry<Request, Rule> {
  return entry;
}

export const WRITE_KINDS = {
  'cards.create': kind({
    request: createCardRequestSchema,
    fingerprintFields: [
      'customerId',
      'type',
      'brand',
      'fundingSourceId',
      'bankCode',
      'accountNumber',
      'debitAccountId',
      'amount',
      'currency',
      'number',
      'replacementFor',
    ],
    words: { action: 'Issue card', filter: 'Cards issued', approvalRule: 'A new card' },
    noun: () => 'card',
    result: 'card',
    reconcile: 'clientReference',
    approval: { rule: cardApprovalRule, reasons: cardReasons },
    teamClaim: true,
    stampApproval: (card, who) => ({
      ...card,
      metadata: {
        ...card.metadata,
        approvalRequest: who.request,
        requestedBy: who.requestedBy,
        approvedBy: who.approvedBy,
      },
    }),
  }),
  'accounts.create': kind({
    request: createAccountRequestSchema,
    fingerprintFields: ['type', 'currency', 'customerId'],
    words: { action: 'Open account', filter: 'Accounts and wallets opened', approvalRule: 'A new account or wallet' },
    noun: accountNoun,
    result: 'account',
    reconcile: 'listing',
    approval: {
      rule: z.union([always, never]),
      reasons: (rule, account) => (rule === 'always' ? [`every new ${accountNoun(account)} needs approval`] : []),
    },
    teamClaim: true,
  }),
};

type Kinds = typeof WRITE_KINDS;
export type WriteKind = keyof Kinds;
/** The request of a kind, as validated. */
export type RequestOf<K extends WriteKind> = z.output<Kinds[K]['request']>;
/** The approval rule of a kind. */
export type ApprovalRuleOf<K extends WriteKind> = z.output<Kinds[K]['approval']['rule']>;

/** Every kind, in the registry's order. */
export const WRITE_KIND_NAMES = Object.keys(WRITE_KINDS) as [WriteKind, ...WriteKind[]];

/** "a, b or c". */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

/** A write kind named in a request or a stored record, refused naming the field. */
export function writeKindSchema(field = 'operation') {
  return z.enum(WRITE_KIND_NAMES, { error: `${field} must be ${orList(WRITE_KIND_NAMES)}` });
}

/** Builds a record with one value per kind, typed per kind. */
export function perKind<T extends { [K in WriteKind]: unknown }>(value: (kind: WriteKind) => T[WriteKind]): T {
  return Object.fromEntries(WRITE_KIND_NAMES.map((k) => [k, value(k)])) as T;
}

/** Each write as the operator names it, on screen and in the journal's CSV. */
export const OPERATION_WORDS: Readonly<Record<WriteKind, string>> = perKind((k) => WRITE_KINDS[k].words.action);

/** One write and its request, of whichever kind. */
export type SingleWrite = { [K in WriteKind]: { operation: K; input: RequestOf<K> } }[WriteKind];

/** One write's schema per kind: `{ operation, input }`. */
export const singleWriteSchemas = WRITE_KIND_NAMES.map((k) =>
  z.object({ operation: z.literal(k), input: WRITE_KINDS[k].request }),
) as { [K in WriteKind]: z.ZodObject<{ operation: z.ZodLiteral<K>; input: Kinds[K]['request'] }> }[WriteKind][];

/** Why the write needs approval under its kind's rule (empty: it does not). */
export function writeApprovalReasons<K extends WriteKind>(
  kind: K,
  rule: ApprovalRuleOf<K> | undefined,
  request: RequestOf<K>,
): string[] {
  if (rule === undefined) return [];
  const entry = WRITE_KINDS[kind] as unknown as WriteKindEntry<z.ZodType<RequestOf<K>>, z.ZodType<ApprovalRuleOf<K>>>;
  return entry.approval.reasons(rule, request);
}

/**
 * A write channel's approval guard: the write its input makes (the request without the operator's
 * `confirmRepeat`), asked about before it is sent.
 */
export function approvalOf<K extends WriteKind>(kind: K) {
  return (input: RequestOf<K> & { confirmRepeat?: boolean | undefined }): SingleWrite => {
    const request: Partial<typeof input> = { ...input };
    delete request.confirmRepeat;
    return { operation: kind, input: request } as unknown as SingleWrite;
  };
}

/** Whether a kind's approval rule may be conditions ("When…"), besides "always" and "never". */
export function approvalTakesConditions(kind: WriteKind): boolean {
  const options = WRITE_KINDS[kind].approval.rule.options as readonly z.ZodType[];
  return options.some((option) => option instanceof z.ZodObject);
}

/** What one write of a kind makes, in the operator's words. */
export function nounOf(write: SingleWrite): string {
  return (WRITE_KINDS[write.operation].noun as (request: SingleWrite['input']) => string)(write.input);
}

/** An approved write as it is sent: its request stamped with its four eyes where its kind says how. */
export function stampApproval(write: SingleWrite, who: ApprovalStamp): SingleWrite {
  const stamp = (
    WRITE_KINDS[write.operation] as {
      stampApproval?: (r: SingleWrite['input'], w: ApprovalStamp) => SingleWrite['input'];
    }
  ).stampApproval;
  return stamp ? ({ operation: write.operation, input: stamp(write.input, who) } as SingleWrite) : write;
}

/** A stored request read back as the write of its kind, or the first problem with it. */
export function parseWrite(
  operation: WriteKind,
  body: unknown,
): { ok: true; write: SingleWrite } | { ok: false; issue: z.core.$ZodIssue | undefined } {
  const parsed = WRITE_KINDS[operation].request.safeParse(body);
  return parsed.success
    ? { ok: true, write: { operation, input: parsed.data } as SingleWrite }
    : { ok: false, issue: parsed.error.issues[0] };
}
