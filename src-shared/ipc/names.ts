// The names of every IPC channel and event, without their schemas, so the preload stays tiny.
// `contract.ts` proves at compile time (and a test at run time) that these match the contract exactly.

export const CHANNEL_NAMES = [
  'customers.list',
  'customers.search',
  'customers.browse',
  'customers.get',
  'customers.sync',
  'customers.cancelSync',
  'customers.cacheStatus',
  'customers.setSyncSchedule',
  'customers.setFullSweepHours',
  'cards.create',
  'cards.transactions',
  'cards.balance',
  'cards.known',
  'cards.get',
  'cards.lookUp',
  'accounts.create',
  'accounts.list',
  'accounts.nameEnquiry',
  'authorizations.list',
  'disputes.list',
  'fundingSources.list',
  'fundingSources.get',
  'environments.list',
  'environments.save',
  'environments.delete',
  'environments.activate',
  'keys.set',
  'keys.has',
  'keys.delete',
  'app.status',
  'app.cancel',
  'app.openExternal',
  'app.setTheme',
  'app.copyText',
  'journal.list',
  'journal.acknowledgeResend',
  'journal.status',
  'journal.verify',
  'journal.exportFingerprint',
  'journal.startNew',
  'exports.start',
  'exports.cancel',
  'names.resolve',
  'network.get',
  'network.setProxy',
  'network.setExtraCa',
  'network.proxySignIns',
  'network.answerProxySignIn',
  'policy.get',
  'bulkIssue.preview',
  'bulkIssue.start',
  'bulkIssue.pause',
  'bulkIssue.resume',
  'bulkIssue.cancel',
  'bulkIssue.status',
  'bulkIssue.results',
  'bulkIssue.list',
  'bulkIssue.saveTemplate',
  'bulkIssue.saveResults',
  'lock.state',
  'lock.lock',
  'lock.unlock',
  'lock.setPasscode',
  'lock.removePasscode',
  'lock.setIdleMinutes',
  'updates.status',
  'updates.restart',
  'team.status',
  'team.connect',
  'team.disconnect',
  'team.journal',
  'approvals.status',
  'approvals.check',
  'approvals.request',
  'approvals.list',
  'approvals.get',
  'approvals.approve',
  'approvals.reject',
  'approvals.withdraw',
  'approvals.rules',
  'approvals.setRules',
] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

export const EVENT_NAMES = [
  'customers.syncProgress',
  'app.status',
  'exports.progress',
  'journal.changed',
  'lock.changed',
  'updates.status',
  'network.proxySignInAsked',
  'team.changed',
  'approvals.changed',
] as const;
export type EventName = (typeof EVENT_NAMES)[number];

/**
 * The options every bridge method takes beside its input. A signal cannot cross the context bridge, so
 * the page names its call with a `requestId` and cancels it with `app.cancel({ requestId })`.
 */
export interface CallOptions {
  requestId?: string;
}

export const isChannelName = (s: unknown): s is ChannelName =>
  typeof s === 'string' && (CHANNEL_NAMES as readonly string[]).includes(s);
export const isEventName = (s: unknown): s is EventName =>
  typeof s === 'string' && (EVENT_NAMES as readonly string[]).includes(s);

/** Events travel from main on `event:<name>` IPC channels. */
export const EVENT_CHANNEL_PREFIX = 'event:';
