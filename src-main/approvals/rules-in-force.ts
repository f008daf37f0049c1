// Which approval rules are in force in an environment, and from where: the policy's when it sets
// `approvals` (IT's word wins), else the team database's (set in Settings by an administrator), read with
// the policy's own schema. A team row that does not fit fails closed: every write needs approval, and the
// reason says what is wrong, never silently no approvals. Pure.
import {
  approvalRulesSchema,
  type ApprovalRules,
  type ApprovalRulesView,
} from '../../src-shared/ipc/channels/approval-rules';

/** An address's row of the team database's approval_rules, as read. */
export interface TeamRulesRow {
  rules: unknown;
  setBy: string;
  setAt: Date;
}

export interface RulesInForce {
  source: ApprovalRulesView['source'];
  rules: ApprovalRules | null;
  /** The team database's rules cannot be read: every write needs approval, for this reason. */
  problem: string | null;
  setBy: string | null;
  setAt: string | null;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  errors?: readonly (readonly Issue[])[];
}

/** A union's failure said by the alternative that got furthest (an object's field, not "Invalid input"). */
function deepest(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return issue;
  const inner = issue.errors.flat().map(deepest);
  const best = inner.reduce<Issue | null>((a, b) => (!a || b.path.length > a.path.length ? b : a), null);
  return best && best.path.length > 0 ? { ...best, path: [...issue.path, ...best.path] } : issue;
}

/** The words of a zod failure, the field first ("cards.create.spendingLimitAbove: …"). */
function problemOf(issues: readonly Issue[]): string {
  return issues
    .map(deepest)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export function rulesInForce(policy: ApprovalRules | null | undefined, team: TeamRulesRow | null): RulesInForce {
  const who = { setBy: team?.setBy ?? null, setAt: team?.setAt.toISOString() ?? null };
  if (policy) return { source: 'policy', rules: policy, problem: null, ...who };
  if (!team || team.rules === null) return { source: 'none', rules: null, problem: null, ...who };
  const read = approvalRulesSchema.safeParse(team.rules);
  if (read.success) return { source: 'team', rules: read.data, problem: null, ...who };
  return {
    source: 'team',
    rules: null,
    problem: `the approval rules in the team database, set by ${team.setBy}, cannot be read (${problemOf(read.error.issues)}): every write needs approval until an administrator saves them again in Settings → Approvals`,
    ...who,
  };
}
