// The maker's side of four eyes, before anything is sent: why a write needs approval in the active environment
// (a batch: by its ready rows), what the review step is told (`approvals.check`), and the refusal the
// dispatcher gives a write sent directly that needs approval or waits for it on any desk.
import type { ApprovalCheck, ApprovalWrite } from '../../src-shared/ipc/channels/approvals';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { approvalStore } from './approval-store';
import { batchRows, type BatchPort } from './batch-approval';
import { fingerprintIn, nounOf } from './prepare-request';
import { approvalNeededMessage, approvalReasons, batchApprovalReasons } from './rules';
import type { RulesInForce } from './rules-in-force';
import { onTeam, teamProblem, type TeamPort } from './team-access';

export interface GateDeps {
  team: TeamPort;
  getActive: () => Promise<ActiveEnvironment>;
  bulkIssue: BatchPort;
}

/** The rules in force where a write is sent, read again on request. */
export interface RulesPort {
  inForce(active: ActiveEnvironment): Promise<RulesInForce>;
  reload(): Promise<unknown>;
}

/** Why the write needs approval in the active environment (a batch: by its ready rows). */
export async function reasonsFor(
  deps: GateDeps,
  rules: RulesPort,
  write: ApprovalWrite,
  inForce?: RulesInForce,
): Promise<Result<string[]>> {
  const active = await deps.getActive();
  const { rules: inForceRules, problem } = inForce ?? (await rules.inForce(active));
  if (problem) return ok([problem]);
  if (write.operation !== 'bulkIssue') return ok(approvalReasons(inForceRules, write));
  const rows = batchRows(deps.bulkIssue, write.input.batchId, active.environment.id);
  return rows.ok ? ok(batchApprovalReasons(inForceRules, rows.data.ready.length)) : rows;
}

/** Whether the write needs approval, why, and what stops it from being asked for. */
export async function checkWrite(deps: GateDeps, rules: RulesPort, write: ApprovalWrite): Promise<ApprovalCheck> {
  const found = await reasonsFor(deps, rules, write);
  if (!found.ok) return { needed: false, reasons: [], problem: found.error.message };
  const reasons = found.data;
  return {
    needed: reasons.length > 0,
    reasons,
    problem: reasons.length > 0 ? teamProblem(deps.team.status()) : null,
  };
}

/**
 * Before a write is sent directly: a refusal when it needs approval, or when the same write waits for approval
 * on any desk; null when it may be sent.
 */
export async function refusalOf(deps: GateDeps, rules: RulesPort, write: ApprovalWrite): Promise<Result<never> | null> {
  const active = await deps.getActive();
  // A write sent directly obeys the rules as they are now, not only as last notified.
  await rules.reload();
  const inForce = await rules.inForce(active);
  const found = await reasonsFor(deps, rules, write, inForce);
  if (!found.ok) return write.operation === 'bulkIssue' ? null : found;
  const reasons = found.data;
  const noun = nounOf(write);
  if (reasons.length > 0) {
    const problem = teamProblem(deps.team.status());
    return err(
      'forbidden',
      problem ? `${approvalNeededMessage(noun, reasons)} ${problem}` : approvalNeededMessage(noun, reasons),
    );
  }
  if (!inForce.rules || write.operation === 'bulkIssue' || deps.team.status().state !== 'connected') return null;
  const fingerprint = fingerprintIn(active.environment.id, write);
  const open = await onTeam(deps.team, (client) => approvalStore.openFor(client, fingerprint));
  if (open.ok && open.data)
    return err(
      'conflict',
      `The same ${noun} is ${open.data.state === 'waiting' ? 'waiting for approval' : 'approved and being sent'} (request ${open.data.id}, asked by ${open.data.maker} on ${open.data.desk_name}). Nothing was sent.`,
    );
  return null;
}
