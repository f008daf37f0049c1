// Which writes of an environment need a second person's approval (the team database keeps the requests):
// `approvals` in a policy environment. Each write is "always", "never" (the default), or conditions any of
// which makes it need approval.
import { z } from 'zod';
import { WRITE_KINDS, perKind, type WriteKind } from '../write-kinds';

const always = z.literal('always');
const never = z.literal('never');

/** Each write kind's rule, as its registry entry says. */
const kindRules = perKind<{ [K in WriteKind]: z.ZodOptional<(typeof WRITE_KINDS)[K]['approval']['rule']> }>((k) =>
  WRITE_KINDS[k].approval.rule.optional(),
);

export const approvalRulesSchema = z.strictObject({
  ...kindRules,
  bulkIssue: z
    .union([
      always,
      never,
      z.strictObject({ rowsAbove: z.number({ error: 'rowsAbove must be a number' }).int().min(0) }),
    ])
    .optional(),
  /** How long a request waits for its approval before it expires (default 24). */
  approvalHours: z.number().int().min(1, { error: 'approvalHours must be at least 1' }).max(720).optional(),
});

export type ApprovalRules = z.infer<typeof approvalRulesSchema>;

export const APPROVAL_RULE_SOURCES = ['policy', 'team', 'none'] as const;

/** The approval rules in force in the active environment, where they come from, and who may change them. */
export const approvalRulesViewSchema = z.object({
  /** IT's policy file, the team database (set in Settings by an administrator), or none (nothing needs approval). */
  source: z.enum(APPROVAL_RULE_SOURCES),
  rules: approvalRulesSchema.nullable(),
  /** Why the team database's rules cannot be read (every write then needs approval), or null. */
  problem: z.string().nullable(),
  /** Who last set (or cleared) the team database's rules, and when (ISO), or null. */
  setBy: z.string().nullable(),
  setAt: z.string().nullable(),
  /** This login may change them here: the policy is silent and the database says it is card_desk_admin. */
  canEdit: z.boolean(),
  /** Why they cannot be changed here, in the operator's words, or null. */
  readOnlyReason: z.string().nullable(),
});
export type ApprovalRulesView = z.infer<typeof approvalRulesViewSchema>;

/** `approvals.setRules`: the rules to keep in the team database, or null to clear them (nothing needs approval). */
export const setApprovalRulesInputSchema = z.object({
  rules: approvalRulesSchema.nullable(),
});
