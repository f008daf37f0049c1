// Programmable faults, off until a rule is added. Each matching latency rule adds its delay; then the
// first other matching rule (in the order added) decides what goes wrong.
import { z } from 'zod';
import type { FaultKind, FaultRule, SandboxEndpoint } from '../handle';
import type { Random } from '../data/random';
import { SANDBOX_ENDPOINTS } from './endpoints';
import { firstIssueMessage } from './issues';

const FAULT_KINDS = [
  'latency',
  'status',
  'rate_limit',
  'reset',
  'hang',
  'malformed_json',
  'wrong_envelope',
  'drop_after_processing',
] as const satisfies readonly FaultKind[];

export const DEFAULT_LATENCY_MS = 1_000;
export const DEFAULT_FAULT_STATUS = 500;
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

export const faultRuleSchema = z.strictObject({
  kind: z.enum(FAULT_KINDS, { error: `kind must be one of ${FAULT_KINDS.join(', ')}` }),
  endpoint: z
    .enum(SANDBOX_ENDPOINTS as [SandboxEndpoint, ...SandboxEndpoint[]], {
      error: 'endpoint must be one of the sandbox endpoints',
    })
    .optional(),
  count: z.number().int().min(1, { error: 'count must be a whole number of at least 1' }).optional(),
  probability: z.number().min(0).max(1, { error: 'probability must be from 0 to 1' }).optional(),
  ms: z.number().int().min(0, { error: 'ms must be 0 or more' }).max(600_000).optional(),
  status: z
    .number()
    .int()
    .min(400, { error: 'status must be an HTTP error status' })
    .max(599, { error: 'status must be an HTTP error status' })
    .optional(),
  message: z.string().min(1).max(500, { error: 'message must be at most 500 characters' }).optional(),
  retryAfterSeconds: z.number().int().min(0, { error: 'retryAfterSeconds must be 0 or more' }).optional(),
});

interface ActiveRule {
  rule: FaultRule;
  /** Applications left; null when unlimited. */
  remaining: number | null;
}

export interface FaultDecision {
  latencyMs: number;
  fault?: FaultRule;
}

export class FaultInjector {
  private rules: ActiveRule[] = [];

  constructor(private readonly random: Random) {}

  /** Adds a rule; throws a RangeError naming the field when it is malformed. */
  add(rule: FaultRule): void {
    const parsed = faultRuleSchema.safeParse(rule);
    if (!parsed.success) throw new RangeError(firstIssueMessage(parsed.error, 'invalid fault rule'));
    this.rules.push({ rule: { ...parsed.data }, remaining: parsed.data.count ?? null });
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map((r) => ({ ...r.rule, ...(r.remaining !== null ? { count: r.remaining } : {}) }));
  }

  decide(endpoint: SandboxEndpoint | null): FaultDecision {
    const decision: FaultDecision = { latencyMs: 0 };
    if (endpoint === null || this.rules.length === 0) return decision;
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.endpoint && rule.endpoint !== endpoint) continue;
      if (rule.kind !== 'latency' && decision.fault) continue;
      if (rule.probability !== undefined && !(this.random.next() < rule.probability)) continue;
      if (active.remaining !== null) active.remaining--;
      if (rule.kind === 'latency') decision.latencyMs += rule.ms ?? DEFAULT_LATENCY_MS;
      else decision.fault = rule;
    }
    this.rules = this.rules.filter((r) => r.remaining !== 0);
    return decision;
  }
}
