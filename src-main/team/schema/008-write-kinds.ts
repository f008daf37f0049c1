// Migration 8: the kinds of write a team database knows, kept in a table team:setup fills from the registry of
// write kinds (src-shared/ipc/write-kinds.ts) on every run, in place of migration 4's CHECK and migration 5's
// list (docs/team.md, "The kinds of write").
export const WRITE_KINDS_TABLE = `
-- One row per kind of write a desk journals, claims or asks approval for ('bulkIssue': a batch of cards):
-- its words, as the operator reads them, and the shape of its approval rule, which set_approval_rules checks
-- ({"choices": ["always", "never"], "conditions": {"spendingLimitAbove": "amount", ...}, "required": [...]};
-- null: its approval cannot be set). team:setup adds the kinds its Card Desk knows and never deletes one.
CREATE TABLE card_desk.write_kinds (
  kind text PRIMARY KEY CHECK (kind ~ '^[A-Za-z][A-Za-z0-9.]{0,39}$'),
  words text NOT NULL CHECK (length(words) BETWEEN 1 AND 100),
  approval_rule jsonb CHECK (approval_rule IS NULL OR jsonb_typeof(approval_rule) = 'object'),
  added_by text NOT NULL DEFAULT session_user,
  added_at timestamptz NOT NULL DEFAULT now()
);
REVOKE ALL ON card_desk.write_kinds FROM PUBLIC;
GRANT SELECT ON card_desk.write_kinds TO card_desk_operator, card_desk_approver, card_desk_syncer, card_desk_admin;

-- The kinds rows already name, kept with their own name as words until team:setup gives them the registry's.
INSERT INTO card_desk.write_kinds (kind, words)
SELECT operation, operation FROM card_desk.approval_requests
UNION SELECT operation, operation FROM card_desk.write_claims;

-- A row naming a kind the table lacks is refused in words (the foreign keys below hold it in any case).
CREATE FUNCTION card_desk.known_write_kind() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = card_desk, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM card_desk.write_kinds WHERE kind = NEW.operation) THEN
    RAISE EXCEPTION '% is not a kind of write this team database knows (it knows %): run team:setup of the Card Desk that sends it',
      NEW.operation, coalesce((SELECT string_agg(kind, ', ' ORDER BY kind) FROM card_desk.write_kinds), 'none')
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER approval_requests_known_kind BEFORE INSERT OR UPDATE OF operation ON card_desk.approval_requests
  FOR EACH ROW EXECUTE FUNCTION card_desk.known_write_kind();
CREATE TRIGGER write_claims_known_kind BEFORE INSERT OR UPDATE OF operation ON card_desk.write_claims
  FOR EACH ROW EXECUTE FUNCTION card_desk.known_write_kind();

ALTER TABLE card_desk.approval_requests DROP CONSTRAINT approval_requests_operation_check,
  ADD CONSTRAINT approval_requests_operation_kind FOREIGN KEY (operation) REFERENCES card_desk.write_kinds (kind);
ALTER TABLE card_desk.write_claims
  ADD CONSTRAINT write_claims_operation_kind FOREIGN KEY (operation) REFERENCES card_desk.write_kinds (kind);

-- Migration 5's check of the rules, reading each kind's rule from the table (approvalHours stays its own).
CREATE OR REPLACE FUNCTION card_desk.approval_rules_problem(p jsonb) RETURNS text
LANGUAGE plpgsql STABLE SET search_path = card_desk, pg_temp AS $$
DECLARE k text; v jsonb; rule jsonb; c text; condition text; choices text;
BEGIN
  IF jsonb_typeof(p) <> 'object' THEN RETURN 'rules must be an object'; END IF;
  FOR k, v IN SELECT * FROM jsonb_each(p) LOOP
    IF k = 'approvalHours' THEN
      IF jsonb_typeof(v) <> 'number' OR (v#>>'{}')::numeric NOT BETWEEN 1 AND 720 OR (v#>>'{}')::numeric % 1 <> 0 THEN
        RETURN 'approvalHours must be a whole number of hours from 1 to 720';
      END IF;
      CONTINUE;
    END IF;
    SELECT approval_rule INTO rule FROM card_desk.write_kinds WHERE kind = k;
    IF rule IS NULL THEN
      RETURN format('%s is not a write whose approval can be set (%s)', k,
        (SELECT string_agg(kind, ', ' ORDER BY kind) || ', approvalHours' FROM card_desk.write_kinds
          WHERE approval_rule IS NOT NULL));
    END IF;
    IF jsonb_typeof(v) = 'object' AND jsonb_typeof(rule->'conditions') = 'object' THEN
      FOR c IN SELECT jsonb_object_keys(v) LOOP
        condition := rule->'conditions'->>c;
        IF condition IS NULL THEN
          RETURN format('%s has an unknown condition %s', k, c);
        ELSIF condition = 'amount' AND (jsonb_typeof(v->c) <> 'number' OR (v->>c)::numeric <= 0) THEN
          RETURN format('%s.%s must be an amount above 0', k, c);
        ELSIF condition = 'count' AND (jsonb_typeof(v->c) <> 'number' OR (v->>c)::numeric < 0
            OR (v->>c)::numeric % 1 <> 0) THEN
          RETURN format('%s.%s must be a whole number from 0', k, c);
        ELSIF condition = 'flag' AND jsonb_typeof(v->c) <> 'boolean' THEN
          RETURN format('%s.%s must be true or false', k, c);
        END IF;
      END LOOP;
      FOR c IN SELECT jsonb_array_elements_text(coalesce(rule->'required', '[]')) LOOP
        IF NOT v ? c THEN RETURN format('%s.%s is required', k, c); END IF;
      END LOOP;
    ELSIF jsonb_typeof(v) <> 'string' OR NOT coalesce(rule->'choices', '[]') ? (v#>>'{}') THEN
      SELECT string_agg(x, ', ') INTO choices FROM jsonb_array_elements_text(coalesce(rule->'choices', '[]')) x;
      RETURN format('%s must be %s', k, CASE WHEN jsonb_typeof(rule->'conditions') = 'object'
        THEN choices || ' or conditions'
        ELSE regexp_replace(choices, ', ([^,]*)$', ' or \\1') END);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION card_desk.approval_rules_problem(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION card_desk.known_write_kind() FROM PUBLIC;
`;
