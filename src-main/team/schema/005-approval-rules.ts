// Migration 5: approval rules set in Settings by an administrator of the team database (docs/team.md,
// "Approval rules from Settings"), for the environments whose policy does not set `approvals`.
export const APPROVAL_RULES = `
-- One row per API address the desks use (the origin of an environment's base URL, as approval requests
-- store it): environment ids are each desk's own, the address is what every desk of the team shares.
-- rules is the policy's \`approvals\` shape, or null once cleared (who cleared it, and when, stay shown).
-- Desks only read; the one way to change a row is set_approval_rules below, which checks the login.
CREATE TABLE card_desk.approval_rules (
  environment_address text PRIMARY KEY CHECK (length(environment_address) BETWEEN 1 AND 500),
  rules jsonb CHECK (rules IS NULL OR jsonb_typeof(rules) = 'object'),
  set_by text NOT NULL DEFAULT session_user,
  set_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE card_desk.approval_rules ENABLE ROW LEVEL SECURITY;
CREATE POLICY approval_rules_read ON card_desk.approval_rules FOR SELECT
  TO card_desk_operator, card_desk_approver, card_desk_admin USING (true);
REVOKE ALL ON card_desk.approval_rules FROM PUBLIC;
GRANT SELECT ON card_desk.approval_rules TO card_desk_operator, card_desk_approver, card_desk_admin;

-- The shape, minimally: an object of known keys, each of a known form (the desks read it with the same
-- schema as the policy's, and refuse every write of the environment to direct sending when it does not fit).
CREATE FUNCTION card_desk.approval_rules_problem(p jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE k text; v jsonb; c text;
BEGIN
  IF jsonb_typeof(p) <> 'object' THEN RETURN 'rules must be an object'; END IF;
  FOR k, v IN SELECT * FROM jsonb_each(p) LOOP
    CASE k
      WHEN 'cards.create' THEN
        IF jsonb_typeof(v) = 'object' THEN
          FOR c IN SELECT jsonb_object_keys(v) LOOP
            IF c NOT IN ('spendingLimitAbove', 'mappedToBankAccount', 'replacement') THEN
              RETURN format('cards.create has an unknown condition %s', c);
            END IF;
          END LOOP;
          IF v ? 'spendingLimitAbove' AND (jsonb_typeof(v->'spendingLimitAbove') <> 'number'
              OR (v->>'spendingLimitAbove')::numeric <= 0) THEN
            RETURN 'cards.create.spendingLimitAbove must be an amount above 0';
          END IF;
          IF (v ? 'mappedToBankAccount' AND jsonb_typeof(v->'mappedToBankAccount') <> 'boolean')
              OR (v ? 'replacement' AND jsonb_typeof(v->'replacement') <> 'boolean') THEN
            RETURN 'cards.create.mappedToBankAccount and replacement must be true or false';
          END IF;
        ELSIF v NOT IN ('"always"'::jsonb, '"never"'::jsonb) THEN
          RETURN 'cards.create must be always, never or conditions';
        END IF;
      WHEN 'accounts.create' THEN
        IF v NOT IN ('"always"'::jsonb, '"never"'::jsonb) THEN
          RETURN 'accounts.create must be always or never';
        END IF;
      WHEN 'bulkIssue' THEN
        IF jsonb_typeof(v) = 'object' THEN
          IF (SELECT count(*) FROM jsonb_object_keys(v)) <> 1 OR jsonb_typeof(v->'rowsAbove') IS DISTINCT FROM 'number'
              OR (v->>'rowsAbove')::numeric < 0 OR (v->>'rowsAbove')::numeric % 1 <> 0 THEN
            RETURN 'bulkIssue must be always, never or { rowsAbove: a whole number from 0 }';
          END IF;
        ELSIF v NOT IN ('"always"'::jsonb, '"never"'::jsonb) THEN
          RETURN 'bulkIssue must be always, never or { rowsAbove: a whole number from 0 }';
        END IF;
      WHEN 'approvalHours' THEN
        IF jsonb_typeof(v) <> 'number' OR (v#>>'{}')::numeric NOT BETWEEN 1 AND 720 OR (v#>>'{}')::numeric % 1 <> 0 THEN
          RETURN 'approvalHours must be a whole number of hours from 1 to 720';
        END IF;
      ELSE
        RETURN format('%s is not a write whose approval can be set (cards.create, accounts.create, bulkIssue, approvalHours)', k);
    END CASE;
  END LOOP;
  RETURN NULL;
END $$;

-- An administrator (a member of card_desk_admin, by session_user, which SET ROLE cannot change) sets the
-- rules of an address, or clears them (p_rules null). Each change is a team journal event with who and
-- when, and is notified so every desk reads the rules again at once.
CREATE SEQUENCE card_desk.approval_rules_event_seq;
CREATE FUNCTION card_desk.set_approval_rules(p_environment_address text, p_rules jsonb, p_desk_id uuid,
  p_desk_name text)
RETURNS card_desk.approval_rules
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
DECLARE r card_desk.approval_rules; problem text;
BEGIN
  IF NOT pg_has_role(session_user, 'card_desk_admin', 'MEMBER') THEN
    RAISE EXCEPTION '% is not an administrator of the team database (card_desk_admin)', session_user
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF coalesce(length(p_environment_address), 0) NOT BETWEEN 1 AND 500 THEN
    RAISE EXCEPTION 'environment_address is required' USING ERRCODE = 'check_violation';
  END IF;
  IF p_rules IS NOT NULL THEN
    problem := card_desk.approval_rules_problem(p_rules);
    IF problem IS NOT NULL THEN
      RAISE EXCEPTION 'The approval rules were not saved: %', problem USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  INSERT INTO card_desk.approval_rules AS a (environment_address, rules, set_by, set_at)
  VALUES (p_environment_address, p_rules, session_user, now())
  ON CONFLICT (environment_address) DO UPDATE SET rules = EXCLUDED.rules, set_by = session_user, set_at = now()
  RETURNING * INTO r;
  INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
  VALUES (p_desk_id, p_desk_name, 'approval-rules', nextval('card_desk.approval_rules_event_seq'), now(),
          left('rules ' || p_environment_address, 100),
          CASE WHEN p_rules IS NULL THEN 'approval_rules_cleared' ELSE 'approval_rules_set' END,
          jsonb_build_object('environment_address', p_environment_address, 'rules', p_rules, 'set_by', session_user));
  PERFORM pg_notify('card_desk_approval_rules', p_environment_address);
  RETURN r;
END $$;

REVOKE ALL ON FUNCTION card_desk.approval_rules_problem(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION card_desk.set_approval_rules(text, jsonb, uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION card_desk.set_approval_rules(text, jsonb, uuid, text)
  TO card_desk_operator, card_desk_approver, card_desk_admin;
`;
