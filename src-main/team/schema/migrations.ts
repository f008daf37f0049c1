// The team database's schema, as numbered migrations `team:setup` runs in order (setup.ts). Each runs once,
// in its own transaction, and is recorded in card_desk.schema_migrations with who ran it. Append new steps;
// never edit a released one. Everything lives in the schema `card_desk`; the four group roles (NOLOGIN)
// are made before the first step, and a DBA gives a person's login one of them (docs/team.md).
//
// Who may do what is decided here, by the database, not by the desk (a desk runs on the user's machine):
// grants per column, row-level security, and triggers that stamp `session_user` (the login that connected,
// which SET ROLE cannot change) wherever a person is recorded. No column that names a person is writable
// by a desk.
// One file per step (NNN-name.ts), listed below in order.
import { JOURNAL } from './001-journal';
import { CUSTOMERS } from './002-customers';
import { CLAIMS } from './003-claims';
import { APPROVALS } from './004-approvals';
import { APPROVAL_RULES } from './005-approval-rules';
import { CUSTOMER_SIGHTINGS } from './006-customer-sightings';
import { DESK_OWNERS } from './007-desk-owners';
import { WRITE_KINDS_TABLE } from './008-write-kinds';

export interface TeamMigration {
  version: number;
  name: string;
  sql: string;
}

export const TEAM_MIGRATIONS: readonly TeamMigration[] = [
  { version: 1, name: 'team journal: append-only events of every desk', sql: JOURNAL },
  { version: 2, name: 'customers, their sync state and the sync lease', sql: CUSTOMERS },
  { version: 3, name: 'write claims', sql: CLAIMS },
  { version: 4, name: 'approval requests: four eyes on the writes the policy names', sql: APPROVALS },
  { version: 5, name: 'approval rules set in Settings by an administrator', sql: APPROVAL_RULES },
  {
    version: 6,
    name: 'customer sightings: a complete full sweep marks the customers it did not see as deleted',
    sql: CUSTOMER_SIGHTINGS,
  },
  {
    version: 7,
    name: 'desks belong to their logins; journals the functions own; the syncer bounded; nothing for PUBLIC',
    sql: DESK_OWNERS,
  },
  {
    version: 8,
    name: 'the kinds of write in a table team:setup fills from the registry, in place of a CHECK and a list',
    sql: WRITE_KINDS_TABLE,
  },
];

/** The schema this Card Desk needs: a database set up by an older team:setup is asked to be upgraded. */
export const TEAM_SCHEMA_VERSION = Math.max(...TEAM_MIGRATIONS.map((m) => m.version));
