// The team database's group roles and what every setup runs before the numbered steps (idempotent).

/**
 * The roles a DBA grants to logins. An operator works at a desk; an approver decides approval requests; a
 * syncer also pages the API for the team; an administrator sets the approval rules the policy leaves open.
 */
export const TEAM_ROLES = ['card_desk_operator', 'card_desk_approver', 'card_desk_syncer', 'card_desk_admin'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Before the numbered steps (idempotent, run by every setup): the roles, the schema, the migrations table. */
export const SETUP_PREAMBLE = `
DO $$
DECLARE r text;
BEGIN
  FOREACH r IN ARRAY ARRAY[${TEAM_ROLES.map((r) => `'${r}'`).join(', ')}] LOOP
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = r) THEN
      EXECUTE format('CREATE ROLE %I NOLOGIN', r);
    END IF;
  END LOOP;
END $$;
CREATE SCHEMA IF NOT EXISTS card_desk;
REVOKE ALL ON SCHEMA card_desk FROM PUBLIC;
GRANT USAGE ON SCHEMA card_desk TO ${TEAM_ROLES.join(', ')};
CREATE TABLE IF NOT EXISTS card_desk.schema_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by text NOT NULL DEFAULT session_user
);
GRANT SELECT ON card_desk.schema_migrations TO ${TEAM_ROLES.join(', ')};
`;
