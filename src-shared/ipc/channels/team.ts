// The team database of the active environment (optional: without one a desk works on its own): its
// state, signing in with the operator's own database login, signing out, and the team's journal.
import { z } from 'zod';
import { writeKindSchema } from '../write-kinds';
import { channel, noInput } from './common';
import { JOURNAL_OUTCOMES } from './journal';
import { isLoopbackHost } from './settings';

// A team database's address, `postgres://db.bank.local:5432/carddesk`: a plain connection (no TLS) only to this
// computer; to another, always TLS with the certificate verified. Read here so the policy file and the
// Settings form check it as main connects with it (src-main/team/team-address.ts).
export interface TeamAddress {
  host: string;
  port: number;
  database: string;
  /** The user name in the address, if it has one. */
  user: string | null;
  /** `verified`: TLS with the certificate checked. `plain`: no TLS (only ever to this computer). */
  tls: 'verified' | 'plain';
  /**
   * Further servers after the first (`postgres://h1:5432,h2:5432/carddesk`, as libpq): the desk uses the one
   * that takes writes (target_session_attrs=read-write), and finds it again when the primary fails over.
   */
  others?: { host: string; port: number }[];
}

/** The address split into one address per server (the first as given, then the others). */
export function serversOf(address: TeamAddress): TeamAddress[] {
  const { others = [], ...first } = address;
  return [first, ...others.map((server) => ({ ...first, ...server }))];
}

/** `postgres://h1:5432,h2:5432/db` → the first server in the URL, and the other servers' `host:port` text. */
function splitHosts(text: string): { url: string; others: string[] } {
  const m = /^(postgres(?:ql)?:\/\/(?:[^@/?#]*@)?)([^/?#]*)(.*)$/s.exec(text.trim());
  if (!m || !m[2]!.includes(',')) return { url: text.trim(), others: [] };
  const [first = '', ...others] = m[2]!.split(',');
  return { url: `${m[1]}${first}${m[3]}`, others };
}

/**
 * How an operator signs in to the team database: `password` (a database login and password, kept in the
 * keychain) or `windows` (the operator's Windows sign-in: their Kerberos ticket, nothing typed or kept).
 */
export const TEAM_SIGN_INS = ['password', 'windows'] as const;
export type TeamSignIn = (typeof TEAM_SIGN_INS)[number];

const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;

/** Reads a team database address; the problem in words (naming what is wrong) when it cannot be used. */
export function parseTeamAddress(text: string): { ok: true; address: TeamAddress } | { ok: false; problem: string } {
  const fail = (problem: string) => ({ ok: false as const, problem });
  const split = splitHosts(text);
  let url: URL;
  const others: { host: string; port: number }[] = [];
  try {
    url = new URL(split.url);
    for (const server of split.others) {
      const other = new URL(`postgres://${server}`);
      if (!other.hostname) throw new Error('no host');
      others.push({ host: other.hostname.replace(/^\[|\]$/g, ''), port: other.port ? Number(other.port) : 5432 });
    }
  } catch {
    return fail('url must be an address like postgres://db.example.com:5432/carddesk');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    return fail('url must start with postgres:// (a PostgreSQL database)');
  if (url.password)
    return fail('url must not hold a password: it goes in its own field, and Card Desk keeps it in the keychain');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) return fail('url must name the database server (postgres://HOST:5432/DATABASE)');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!database || database.includes('/'))
    return fail('url must name one database after the server (postgres://HOST:5432/DATABASE)');
  const port = url.port ? Number(url.port) : 5432;
  const unknown = [...url.searchParams.keys()].filter((k) => k !== 'sslmode' && k !== 'target_session_attrs');
  if (unknown.length > 0) return fail(`url has an option Card Desk does not use: ${unknown.join(', ')}`);
  const mode = url.searchParams.get('sslmode');
  if (mode !== null && !(SSL_MODES as readonly string[]).includes(mode))
    return fail(`url's sslmode must be one of ${SSL_MODES.join(', ')}`);
  const attrs = url.searchParams.get('target_session_attrs');
  if (attrs !== null && attrs !== 'read-write' && attrs !== 'primary')
    return fail(
      "url's target_session_attrs must be read-write (or primary): Card Desk writes, and a standby never takes a write",
    );
  const loopback = isLoopbackHost(host) && others.every((other) => isLoopbackHost(other.host));
  const wantsTls = mode === 'require' || mode === 'verify-ca' || mode === 'verify-full';
  if (!loopback && mode !== null && !wantsTls)
    return fail(
      `url's sslmode=${mode} is refused: a connection without TLS is allowed only to this computer (127.0.0.1, ::1 or localhost)`,
    );
  return {
    ok: true,
    address: {
      host,
      port,
      database,
      user: url.username ? decodeURIComponent(url.username) : null,
      // To another computer always TLS, and always verified (require and verify-ca are taken as verify-full).
      tls: loopback && !wantsTls ? 'plain' : 'verified',
      ...(others.length > 0 ? { others } : {}),
    },
  };
}

export const TEAM_STATES = [
  /** No team database for this environment: the desk works on its own (the default). */
  'off',
  /** The policy names a team database, and the operator has not signed in to it. */
  'signed_out',
  'connecting',
  'connected',
  /** The primary went away and the desk looks among the address's servers for the one that takes writes. */
  'switching',
  /** It cannot be reached now; the desk keeps working and tries again. */
  'unreachable',
  /** It refused the sign-in, or is not set up for Card Desk: `problem` says what to do. */
  'refused',
] as const;
export type TeamState = (typeof TEAM_STATES)[number];

/** The team's one customer sync, as this desk sees it (while it is signed in and the database answers). */
export const teamCustomersStatusSchema = z.object({
  /** The desk that pages the API for the team: its login and name; null when no desk holds the lease now. */
  syncedBy: z.object({ login: z.string(), deskName: z.string(), thisDesk: z.boolean() }).nullable(),
  /** This desk holds the lease (it pages the API for the team). */
  thisDeskSyncs: z.boolean(),
  /** When the syncer last read the API's list (ISO): how fresh the team's copy is. */
  lastPageAt: z.string().nullable(),
  /** When the team's copy last changed, and that change's number. */
  lastChangeAt: z.string().nullable(),
  teamSeq: z.number().int().nullable(),
  /** The last change this desk's cache holds (null: none yet), and the changes it has still to read. */
  appliedSeq: z.number().int().nullable(),
  behind: z.number().int().min(0),
  /** Why this desk's last sync pass failed (a refusal of the team database, in its words); null when it did not. */
  syncFailure: z.string().nullable(),
});
export type TeamCustomersStatus = z.infer<typeof teamCustomersStatusSchema>;

export const teamStatusSchema = z.object({
  environmentId: z.string(),
  state: z.enum(TEAM_STATES),
  /** The database's address (no user name, no password), or null when none is set. */
  url: z.string().nullable(),
  /** The organisation's policy sets the address: the operator gives only their login. */
  urlSetByPolicy: z.boolean(),
  /** The database login this desk signs in with. */
  user: z.string().nullable(),
  /** How this desk signs in (`windows`: the operator's Kerberos ticket), or would by the policy's say. */
  signIn: z.enum(TEAM_SIGN_INS),
  /** The organisation's policy sets how operators sign in: the form offers no choice. */
  signInSetByPolicy: z.boolean(),
  /** The login as the database names it once connected (what the team journal records). */
  login: z.string().nullable(),
  /** The login may page the API for the team (card_desk_syncer). */
  syncer: z.boolean(),
  /**
   * How other desks' changes reach this one: `listening` (at once) or `polling` (every few seconds: the address
   * is a pooler's and the policy names no direct address to listen on); null when not linked.
   */
  notices: z.enum(['listening', 'polling']).nullable(),
  /** What is wrong and what to do, in the operator's words; null when nothing is. */
  problem: z.string().nullable(),
  /** When the state began (ISO). */
  since: z.string().nullable(),
  /** This desk, as the team journal names it. */
  desk: z.object({ id: z.string(), name: z.string() }),
  /**
   * Why a card or an account would be refused now: the policy requires the team database (teamRequiredForWrites)
   * and it cannot be asked whether another desk is sending the same write. Null when writes go.
   */
  writesRefused: z.string().nullable(),
  /** The journal's events not yet in the team database (null: not known until it answers), the last sent. */
  journal: z.object({
    waiting: z.number().int().nullable(),
    lastSentAt: z.string().nullable(),
    /** The login the next event was written under, when it is not the one signed in now (it waits for it). */
    waitingFor: z.string().nullable(),
    /**
     * The team journal holds different events under this desk's numbers, or refused its events: said in the
     * log, in Settings and on the status bar, never a silent drop. Null when nothing is wrong.
     */
    alarm: z.string().nullable(),
  }),
  /** The team's customer sync; null when not signed in or not yet read from the database. */
  customers: teamCustomersStatusSchema.nullable(),
});
export type TeamStatus = z.infer<typeof teamStatusSchema>;

const required = (field: string) => ({ error: `${field} is required` });

export const teamConnectSchema = z
  .object({
    url: z
      .string(required('url'))
      .trim()
      .min(1, required('url'))
      .max(2048, { error: 'url must be at most 2048 characters' })
      .superRefine((url, ctx) => {
        const parsed = parseTeamAddress(url);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem });
      }),
    /** With Windows sign-in the login may be left out: the operator's Windows user name is used. */
    user: z
      .string(required('user'))
      .trim()
      .max(63, { error: 'user must be at most 63 characters (a PostgreSQL name)' })
      .optional(),
    /** With Windows sign-in there is no password: the operator's Kerberos ticket signs in. */
    password: z.string().max(1000, { error: 'password must be at most 1000 characters' }).optional(),
    signIn: z.enum(TEAM_SIGN_INS, { error: `signIn must be one of ${TEAM_SIGN_INS.join(', ')}` }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.signIn === 'windows') return;
    if (!input.user) ctx.addIssue({ code: 'custom', path: ['user'], message: 'user is required' });
    if (!input.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'password is required' });
  });
export type TeamConnectInput = z.infer<typeof teamConnectSchema>;

/** An entry of the team journal: its latest state, the login that made it and the desk it was made on. */
export const teamJournalEntrySchema = z.object({
  entryId: z.string(),
  deskId: z.string(),
  deskName: z.string(),
  /** The database login that sent the entry's first event. */
  operator: z.string(),
  /** When the write was begun, and when its latest event was (ISO, the desk's clock). */
  at: z.string(),
  updatedAt: z.string(),
  operation: z.string(),
  outcome: z.string(),
  customerId: z.string().nullable(),
  resultId: z.string().nullable(),
  clientReference: z.string().nullable(),
  error: z.string().nullable(),
  /** The request as the desk recorded it (nothing secret in it). */
  request: z.record(z.string(), z.unknown()),
  /** Events of the entry in the team journal. */
  events: z.number().int(),
  /** Whose journal: a desk's writes, an approval request (its steps), the approval rules, the administration. */
  kind: z.enum(['write', 'approval', 'rules', 'administration']),
  /** When the database received the latest event (ISO, the database's clock). */
  receivedAt: z.string(),
  /** Each event (at most the latest 50) with the login the database stamped on it and when it received it. */
  steps: z.array(
    z.object({
      kind: z.string(),
      operator: z.string(),
      receivedAt: z.string(),
      outcome: z.string().nullable(),
      reason: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
  /** What happened, in words: "Approval requested by mal · rejected by bob: not this one". */
  story: z.string(),
});
export type TeamJournalEntry = z.infer<typeof teamJournalEntrySchema>;

export const teamJournalQuerySchema = z.object({
  outcome: z.enum(JOURNAL_OUTCOMES).optional(),
  operation: writeKindSchema().optional(),
  /** Only one login's entries. */
  operator: z.string().trim().min(1).max(63).optional(),
  /** Only the cards sent for one approval request (an approved batch's rows, on every desk). */
  approvalRequest: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, { error: 'approvalRequest must be the number of an approval request' })
    .optional(),
  page: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});
export type TeamJournalQuery = z.infer<typeof teamJournalQuerySchema>;

export const teamChannels = {
  'team.status': channel(noInput, teamStatusSchema),
  /** Signs in to the active environment's team database; the password goes to the keychain. */
  'team.connect': channel(teamConnectSchema, teamStatusSchema),
  /** Stops using the team database on this desk and forgets the login (its password leaves the keychain). */
  'team.disconnect': channel(noInput, teamStatusSchema),
  /** A page of the team journal, newest first. */
  'team.journal': channel(teamJournalQuerySchema, z.array(teamJournalEntrySchema)),
};
