// The policy's `approvals` of an environment: the one schema the policy file and the team database's rules
// (Settings → Approvals) are both read with lives in the contract.
export { approvalRulesSchema, type ApprovalRules } from '../../src-shared/ipc/channels/approval-rules';
