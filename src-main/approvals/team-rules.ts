// The approval rules of this desk's environments: the policy's, or the team database's kept in memory per
// API address. They are read again when the database notifies a change (approvals-listener.ts), when the
// desk connects again, and when an environment's address was never read; while the database cannot be
// reached the last rules read stay in force. Settings shows and changes them (approvals.rules, .setRules).
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { ApprovalRules, ApprovalRulesView } from '../../src-shared/ipc/channels/approval-rules';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { originOf } from '../environments/environment-keys';
import type { Policy } from '../policy/policy';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import { rulesInForce, type RulesInForce, type TeamRulesRow } from './rules-in-force';
import { rulesStore } from './rules-store';
import { onTeam, teamProblem, type TeamPort } from './team-access';

export const NOT_ADMIN =
  "Only the team database's administrators can change the approval rules: ask IT to make your login one.";
const POLICY_SETS = "IT's policy sets the approval rules of this environment; they cannot be changed in Settings.";

export interface TeamRulesDeps {
  policy: Policy;
  team: TeamPort;
  getActive: () => Promise<ActiveEnvironment>;
  logger: Logger;
}

export class TeamRules {
  /** Per API address: the row last read (null: none), kept while the database is away. */
  private readonly byAddress = new Map<string, TeamRulesRow | null>();

  constructor(private readonly deps: TeamRulesDeps) {}

  private policyRules(environmentId: string): ApprovalRules | null {
    return this.deps.policy.environments.find((e) => e.id === environmentId)?.approvals ?? null;
  }

  /** The rules in force in `active` (reads the team database's once if this address was never read). */
  async inForce(active: ActiveEnvironment): Promise<RulesInForce> {
    const address = originOf(active.environment.baseUrl);
    const policy = this.policyRules(active.environment.id);
    if (!policy && !this.byAddress.has(address)) await this.reload();
    return rulesInForce(policy, this.byAddress.get(address) ?? null);
  }

  /** Reads the active environment's rules again (notified, connected again); kept as they were on failure. */
  async reload(): Promise<void> {
    if (this.deps.team.status().state !== 'connected') return;
    const active = await this.deps.getActive();
    const address = originOf(active.environment.baseUrl);
    const read = await onTeam(this.deps.team, (client) => rulesStore.read(client, address));
    if (read.ok) this.byAddress.set(address, read.data);
    else this.deps.logger.warn({ err: errorMessage(read.error.message) }, 'approvals: the rules were not read');
  }

  /** What Settings shows: read again first, so it is the database's as it is now. */
  async view(): Promise<ApprovalRulesView> {
    await this.reload();
    const active = await this.deps.getActive();
    const inForce = await this.inForce(active);
    const base = {
      source: inForce.source,
      rules: inForce.rules,
      problem: inForce.problem,
      setBy: inForce.source === 'policy' ? null : inForce.setBy,
      setAt: inForce.source === 'policy' ? null : inForce.setAt,
    };
    if (inForce.source === 'policy') return { ...base, canEdit: false, readOnlyReason: POLICY_SETS };
    const problem = teamProblem(this.deps.team.status());
    if (problem)
      return { ...base, canEdit: false, readOnlyReason: problem.replace('Approvals need', 'Approval rules live in') };
    const admin = await onTeam(this.deps.team, (client) => rulesStore.isAdmin(client));
    const canEdit = admin.ok && admin.data;
    return { ...base, canEdit, readOnlyReason: canEdit ? null : NOT_ADMIN };
  }

  /** Keeps `rules` (null: clears them) for the active environment's address; the database checks the login. */
  async set(rules: ApprovalRules | null): Promise<Result<ApprovalRulesView>> {
    const active = await this.deps.getActive();
    if (this.policyRules(active.environment.id)) return err('forbidden', POLICY_SETS);
    const problem = teamProblem(this.deps.team.status());
    if (problem) return err('network', problem.replace('Approvals need', 'Approval rules live in'));
    const address = originOf(active.environment.baseUrl);
    const desk = this.deps.team.status().desk;
    const saved = await onTeam(this.deps.team, (client) => rulesStore.set(client, address, rules, desk));
    if (!saved.ok) return saved.error.kind === 'forbidden' ? err('forbidden', NOT_ADMIN) : saved;
    this.byAddress.set(address, saved.data);
    return ok(await this.view());
  }
}
