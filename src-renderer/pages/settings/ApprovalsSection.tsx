// Settings → Approvals: which writes of the active environment need a second person's approval. IT's policy
// sets them when it names them (then read-only here); otherwise an administrator of the team database
// (card_desk_admin, which the database decides) sets them for every desk of the team. Others see them,
// with who set them and when, and why they cannot change them.
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import type { ApprovalRulesView } from '../../../src-shared/ipc/channels/approval-rules';
import type { AppError } from '../../../src-shared/ipc/result';
import { ErrorState } from '../../components/states/States';
import { TextField } from '../../components/fields/TextField';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useTeamStore } from '../../stores/teamStore';
import {
  WRITE_KINDS,
  WRITE_KIND_NAMES,
  approvalTakesConditions,
  type WriteKind,
} from '../../../src-shared/ipc/write-kinds';
import {
  CARD_KIND,
  fieldOfRefusal,
  formOf,
  rulesOf,
  type Choice,
  type RulesField,
  type RulesForm,
} from './approvalRulesForm';

const KEY = ['settings', 'approvalRules'];

function sourceText(view: ApprovalRulesView): string {
  const who = view.setBy ? ` by ${view.setBy} on ${formatDateTime(view.setAt)}` : '';
  if (view.source === 'policy') return 'Set by your organisation’s policy.';
  if (view.source === 'team') return `Set in the team database${who}.`;
  return view.setBy ? `No write needs approval (cleared${who}).` : 'No write needs approval.';
}

function ChoiceField(props: {
  legend: string;
  name: string;
  value: Choice;
  choices: readonly Choice[];
  disabled: boolean;
  onChange: (value: Choice) => void;
}): React.JSX.Element {
  const words: Record<Choice, string> = { never: 'Never', always: 'Always', when: 'When…' };
  return (
    <fieldset className="form-group" disabled={props.disabled}>
      <legend>{props.legend}</legend>
      {props.choices.map((c) => (
        <label key={c} className="approval-choice">
          <input
            type="radio"
            name={props.name}
            value={c}
            checked={props.value === c}
            onChange={() => props.onChange(c)}
          />
          {words[c]}
        </label>
      ))}
    </fieldset>
  );
}

/** What the rules' form gives its parts: the values, how to change them, the problems, read only or not. */
interface RulesFormProps {
  form: RulesForm;
  set: (change: Partial<RulesForm>) => void;
  problems: Partial<Record<RulesField, string>>;
  readOnly: boolean;
}

/** A card needs approval when any of these is true: the conditions of the card's "When…". */
function CardConditions(props: RulesFormProps): React.JSX.Element {
  const { form, set, problems, readOnly } = props;
  return (
    <fieldset className="form-group" disabled={readOnly}>
      <legend>A card needs approval when any of these is true</legend>
      <TextField
        label="Its spending limit is above (in the card’s own currency)"
        idBase="approval-limit"
        hint="For example 500,000: a card in NGN with a limit above NGN 500,000 needs approval."
        name="limitAbove"
        inputMode="decimal"
        value={form.limitAbove}
        problem={problems.limitAbove ?? null}
        onChange={(e) => set({ limitAbove: e.target.value })}
      />
      <label className="approval-choice">
        <input
          type="checkbox"
          checked={form.mappedToBankAccount}
          onChange={(e) => set({ mappedToBankAccount: e.target.checked })}
        />
        It is mapped to a bank account
      </label>
      <label className="approval-choice">
        <input type="checkbox" checked={form.replacement} onChange={(e) => set({ replacement: e.target.checked })} />
        It replaces another card
      </label>
    </fieldset>
  );
}

function RulesFields(props: RulesFormProps): React.JSX.Element {
  const { form, set, problems, readOnly } = props;
  const setKind = (kind: WriteKind, choice: Choice) => set({ kinds: { ...form.kinds, [kind]: choice } });
  return (
    <>
      {WRITE_KIND_NAMES.map((kind) => (
        <Fragment key={kind}>
          <ChoiceField
            legend={WRITE_KINDS[kind].words.approvalRule}
            name={`approval-${kind}`}
            value={form.kinds[kind]}
            choices={approvalTakesConditions(kind) ? ['never', 'always', 'when'] : ['never', 'always']}
            disabled={readOnly}
            onChange={(choice) => setKind(kind, choice)}
          />
          {problems[kind] ? <p className="field-error">{problems[kind]}</p> : null}
          {kind === CARD_KIND && form.kinds[kind] === 'when' ? <CardConditions {...props} /> : null}
        </Fragment>
      ))}
      <ChoiceField
        legend="A file of cards"
        name="approval-batch"
        value={form.batch}
        choices={['never', 'always', 'when']}
        disabled={readOnly}
        onChange={(batch) => set({ batch })}
      />
      {form.batch === 'when' ? (
        <TextField
          label="It has more cards than"
          idBase="approval-rows"
          name="rowsAbove"
          inputMode="numeric"
          readOnly={readOnly}
          value={form.rowsAbove}
          problem={problems.rowsAbove ?? null}
          onChange={(e) => set({ rowsAbove: e.target.value })}
        />
      ) : null}
      <TextField
        label="Hours a request waits for its approval"
        idBase="approval-hours"
        hint="Empty: 24 hours."
        name="hours"
        inputMode="numeric"
        readOnly={readOnly}
        value={form.hours}
        problem={problems.hours ?? null}
        onChange={(e) => set({ hours: e.target.value })}
      />
    </>
  );
}

/** The form; a save reads the rules again (a new form from them) and tells the section, which keeps the word. */
function RulesEditor({ view, onSaved }: { view: ApprovalRulesView; onSaved: () => void }): React.JSX.Element {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<RulesForm>(() => formOf(view.rules));
  const [problems, setProblems] = useState<Partial<Record<RulesField, string>>>({});
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const readOnly = !view.canEdit || busy;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const read = rulesOf(form);
    setProblems(read.ok ? {} : read.problems);
    if (!read.ok) return;
    setBusy(true);
    const r = await bridge().approvals.setRules({ rules: read.rules });
    setBusy(false);
    if (!r.ok) {
      const field = fieldOfRefusal(r.error.field);
      if (field) setProblems({ [field]: r.error.message });
      else setError(r.error);
      return;
    }
    onSaved();
    await queryClient.invalidateQueries({ queryKey: KEY });
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate data-testid="approval-rules-form">
      <RulesFields
        form={form}
        set={(change) => setForm({ ...form, ...change })}
        problems={problems}
        readOnly={readOnly}
      />
      {view.canEdit ? (
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      ) : null}
      {error ? <ErrorState error={error} /> : null}
    </form>
  );
}

export function ApprovalsSection(): React.JSX.Element | null {
  const team = useTeamStore((s) => s.team);
  const rules = useBridgeQuery([...KEY, team?.environmentId, team?.state, team?.login], (opts) =>
    bridge().approvals.rules(undefined, opts),
  );
  const view = rules.data?.data;
  const [saved, setSaved] = useState(false);
  return (
    <section className="panel" aria-labelledby="approvals-title" data-testid="approvals-section">
      <h2 id="approvals-title">Approvals</h2>
      <p className="muted">
        Which writes need a second person’s approval before they are sent. The team database keeps the requests.
      </p>
      {rules.error ? <ErrorState error={rules.error.appError} onRetry={() => void rules.refetch()} /> : null}
      {view ? (
        <>
          <p data-testid="approval-rules-source">{sourceText(view)}</p>
          {view.problem ? (
            <p className="field-error" role="alert">
              {view.problem}
            </p>
          ) : null}
          {view.readOnlyReason ? <p className="muted">{view.readOnlyReason}</p> : null}
          <RulesEditor
            key={`${view.source}-${view.setAt ?? ''}-${String(view.canEdit)}`}
            view={view}
            onSaved={() => setSaved(true)}
          />
          {saved ? (
            <p role="status" className="ok-text">
              Saved: every desk of the team uses these rules now.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
