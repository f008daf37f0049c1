// What the organisation's policy file decides, for the pages that must show it (Settings locks what it sets).
import { z } from 'zod';
import { channel, noInput } from './common';

export const policySummarySchema = z.object({
  /** The policy file in force, or null when there is none. */
  file: z.string().nullable(),
  allowUserEnvironments: z.boolean(),
  allowLocalSandbox: z.boolean(),
  /** Set by the policy (the operator cannot change it), or null. */
  syncScheduleMinutes: z.number().int().nullable(),
  fullSweepHours: z.number().int().nullable(),
});
export type PolicySummary = z.infer<typeof policySummarySchema>;

export const policyChannels = {
  'policy.get': channel(noInput, policySummarySchema),
};
