// Four eyes on the writes IT names (docs/team.md, "Approvals"): a write that needs approval is sent for
// approval by its maker, kept in the team database, decided by another person who is an approver, and then
// sent once by the approver's desk. The database, not the desk, decides who may do what.
import { z } from 'zod';
import { OPERATION_WORDS, WRITE_KIND_NAMES, orList, singleWriteSchemas, type SingleWrite } from '../write-kinds';
import { approvalRulesViewSchema, setApprovalRulesInputSchema } from './approval-rules';
import { batchInputSchema } from './bulk-issue';
import { channel, noInput } from './common';

/** Every write kind, and a batch (Issue from a file). */
export const APPROVAL_OPERATIONS = [...WRITE_KIND_NAMES, 'bulkIssue'] as const;
export type ApprovalOperation = (typeof APPROVAL_OPERATIONS)[number];

/** Each operation an approval request carries, as the operator names it (the write kinds' own words). */
export const APPROVAL_OPERATION_WORDS: Readonly<Record<ApprovalOperation, string>> = {
  ...OPERATION_WORDS,
  bulkIssue: 'Issue from a file',
};

export const APPROVAL_STATES = [
  'waiting',
  'approved',
  'rejected',
  'withdrawn',
  'expired',
  'sending',
  'sent',
  'failed',
  'outcome_unknown',
] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

const note = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(1000, { error: `${field} must be at most 1000 characters` });

const idSchema = z
  .string({ error: 'id is required' })
  .regex(/^[1-9]\d{0,17}$/, { error: 'id must be the number of an approval request' });

/** A write and the maker's note, for `approvals.request` (and `approvals.check` without the note). */
export const approvalWriteSchema = z.discriminatedUnion(
  'operation',
  [
    /** A previewed batch (Issue from a file): its ready rows, approved as one request. */
    z.object({ operation: z.literal('bulkIssue'), input: batchInputSchema }),
    ...singleWriteSchemas,
  ],
  { error: `operation must be ${orList(APPROVAL_OPERATIONS)}` },
);
export type ApprovalWrite = z.infer<typeof approvalWriteSchema>;
/** One write of a kind (not a batch). */
export type { SingleWrite };

export const approvalRequestInputSchema = z.intersection(
  approvalWriteSchema,
  z.object({ note: note('note').optional() }),
);

/** Whether a write needs approval here, why, and what stops it from being asked for. */
export const approvalCheckSchema = z.object({
  needed: z.boolean(),
  /** Why, in the operator's words ("a spending limit of NGN 600,000 is above NGN 500,000"). */
  reasons: z.array(z.string()),
  /** Why it cannot be sent for approval now (no team database connected), or null. */
  problem: z.string().nullable(),
});
export type ApprovalCheck = z.infer<typeof approvalCheckSchema>;

/** One approval request as both sides read it. */
export const approvalSchema = z.object({
  id: z.string(),
  operation: z.enum(APPROVAL_OPERATIONS),
  state: z.enum(APPROVAL_STATES),
  /** The readable review the maker's desk stored: the maker's words, never the approver's review (`review`). */
  summary: z.array(z.object({ label: z.string(), value: z.string() })),
  reasons: z.array(z.string()),
  /** The request exactly as it will be sent (empty in lists: they carry no bodies). */
  request: z.record(z.string(), z.unknown()),
  bodySha256: z.string(),
  environmentId: z.string(),
  environmentAddress: z.string(),
  maker: z.string(),
  deskName: z.string(),
  note: z.string().nullable(),
  requestedAt: z.string(),
  expiresAt: z.string(),
  checker: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The approver's note, or the reason it was rejected. */
  decisionNote: z.string().nullable(),
  sendingDeskName: z.string().nullable(),
  resultId: z.string().nullable(),
  outcomeMessage: z.string().nullable(),
  /** This desk's login asked for it. */
  mine: z.boolean(),
  /** An approved batch that ran on this desk (its rows are in this desk's journal); else false. */
  batchOnThisDesk: z.boolean(),
  /**
   * The review built on this desk from the stored body and this desk's own look-ups (names, accounts, the
   * account holder), why it needs approval under the rules in force here, and every warning (the maker's
   * review saying otherwise, a body this desk would not send). Only when one request is read (approvals.get)
   * and for a single card or account; null in lists, which carry no bodies either.
   */
  review: z
    .object({
      lines: z.array(z.object({ label: z.string(), value: z.string() })),
      reasons: z.array(z.string()),
      warnings: z.array(z.string()),
    })
    .nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

/** What the navigation and the pages need to know. */
export const approvalsStatusSchema = z.object({
  /** The team database is connected, so approvals can be asked for and decided. */
  available: z.boolean(),
  /** This desk's login is an approver (card_desk_approver). */
  approver: z.boolean(),
  /** Requests waiting for a decision that this login may decide (not its own). */
  waitingForMe: z.number().int(),
  /** This login's own requests still waiting. */
  myWaiting: z.number().int(),
  /** When one of this login's own requests was last decided or settled (ISO), or null: the maker's badge. */
  myLastDecisionAt: z.string().nullable(),
  /**
   * How many steps of any request this desk has heard of (each notification of the team database): it grows
   * when a request is decided or its outcome recorded although no count changed, so pages read again.
   */
  changes: z.number().int(),
});
export type ApprovalsStatus = z.infer<typeof approvalsStatusSchema>;

export const approvalsListQuerySchema = z.object({
  state: z
    .enum([...APPROVAL_STATES, 'all'], { error: `state must be one of ${APPROVAL_STATES.join(', ')} or all` })
    .optional(),
  /** Only this login's own requests. */
  mine: z.boolean().optional(),
});
export type ApprovalsListQuery = z.infer<typeof approvalsListQuerySchema>;

export const approvalsChannels = {
  'approvals.status': channel(noInput, approvalsStatusSchema),
  /** Whether a prepared write needs approval here, and why (the review step shows it). */
  'approvals.check': channel(approvalWriteSchema, approvalCheckSchema),
  /** Stores the write, exactly as prepared, in the team database for another person to approve. */
  'approvals.request': channel(approvalRequestInputSchema, approvalSchema),
  'approvals.list': channel(approvalsListQuerySchema, z.array(approvalSchema)),
  'approvals.get': channel(z.object({ id: idSchema }), approvalSchema),
  /** Approves (the database refuses the maker and non-approvers) and sends it once from this desk. */
  'approvals.approve': channel(z.object({ id: idSchema, note: note('note').optional() }), approvalSchema),
  'approvals.reject': channel(
    z.object({ id: idSchema, reason: note('reason').min(1, { error: 'reason is required to reject a request' }) }),
    approvalSchema,
  ),
  /** The maker takes back a request still waiting. */
  'approvals.withdraw': channel(z.object({ id: idSchema }), approvalSchema),
  /** The rules in force in the active environment: the policy's, else the team database's (Settings). */
  'approvals.rules': channel(noInput, approvalRulesViewSchema),
  /** Keeps the rules in the team database (the database refuses a login that is not card_desk_admin). */
  'approvals.setRules': channel(setApprovalRulesInputSchema, approvalRulesViewSchema),
};
