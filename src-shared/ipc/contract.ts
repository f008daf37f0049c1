// The one IPC contract: channel -> { input, output } schemas, and event -> payload schema.
// Main validates every input with it; the preload and the renderer's types are derived from it.
import type { z } from 'zod';
import {
  accountsChannels,
  authorizationsChannels,
  disputesChannels,
  fundingSourcesChannels,
} from './channels/accounts';
import { approvalsChannels, approvalsStatusSchema } from './channels/approvals';
import { bulkIssueChannels } from './channels/bulk-issue';
import { cardsChannels } from './channels/cards';
import { clipboardChannels } from './channels/clipboard';
import { customersChannels, syncProgressSchema } from './channels/customers';
import { exportProgressSchema, exportsChannels } from './channels/exports';
import { journalChannels, journalEntrySchema } from './channels/journal';
import { lockChannels, lockStateSchema } from './channels/lock';
import { namesChannels } from './channels/names';
import { networkChannels, proxySignInAskSchema } from './channels/network';
import { policyChannels } from './channels/policy';
import { appStatusSchema, settingsChannels } from './channels/settings';
import { teamChannels, teamStatusSchema } from './channels/team';
import { updateStatusSchema, updatesChannels } from './channels/updates';
import type { ChannelName, EventName, CallOptions } from './names';
import type { Result } from './result';

export const contract = {
  ...customersChannels,
  ...cardsChannels,
  ...accountsChannels,
  ...authorizationsChannels,
  ...disputesChannels,
  ...fundingSourcesChannels,
  ...settingsChannels,
  ...journalChannels,
  ...exportsChannels,
  ...namesChannels,
  ...networkChannels,
  ...policyChannels,
  ...bulkIssueChannels,
  ...lockChannels,
  ...updatesChannels,
  ...clipboardChannels,
  ...teamChannels,
  ...approvalsChannels,
};

export const events = {
  'customers.syncProgress': syncProgressSchema,
  'app.status': appStatusSchema,
  'exports.progress': exportProgressSchema,
  'journal.changed': journalEntrySchema,
  'lock.changed': lockStateSchema,
  'updates.status': updateStatusSchema,
  'network.proxySignInAsked': proxySignInAskSchema,
  'team.changed': teamStatusSchema,
  'approvals.changed': approvalsStatusSchema,
};

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type InputOf<C extends Channel> = z.input<Contract[C]['input']>;
export type ParsedInputOf<C extends Channel> = z.output<Contract[C]['input']>;
export type OutputOf<C extends Channel> = z.output<Contract[C]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

// Both directions: every contract channel is named, and every name has a contract entry.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const channelsMatch: Exact<Channel, ChannelName> = true;
const eventsMatch: Exact<keyof typeof events, EventName> = true;
void channelsMatch;
void eventsMatch;

type DomainOf<C extends string> = C extends `${infer D}.${string}` ? D : never;
type Domain = DomainOf<Channel>;
type ChannelsOf<D extends Domain> = Extract<Channel, `${D}.${string}`>;
type MethodName<C extends Channel> = C extends `${string}.${infer M}` ? M : never;
type BridgeMethod<C extends Channel> =
  undefined extends InputOf<C>
    ? (input?: InputOf<C>, options?: CallOptions) => Promise<Result<OutputOf<C>>>
    : (input: InputOf<C>, options?: CallOptions) => Promise<Result<OutputOf<C>>>;

/** What the renderer sees as `window.cardDesk`. */
export type CardDeskBridge = {
  [D in Domain]: { [C in ChannelsOf<D> as MethodName<C>]: BridgeMethod<C> };
} & {
  events: {
    /** Subscribes to an event from main; returns the unsubscribe function. */
    on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void;
  };
};
