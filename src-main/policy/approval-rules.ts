// Which writes of an environment need a second person's approval (the team database keeps the requests):
// `approvals` in a policy environment. Each write is "always", "never" (the default), or conditions any of
// which makes it need approval.
import { z } from 'zod';

const always = z.literal('always');
const never = z.literal('never');

export const approvalRulesSchema = z.strictObject({
  'cards.create': z
    .union([
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
    ])
    .optional(),
  'accounts.create': z.union([always, never]).optional(),
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
