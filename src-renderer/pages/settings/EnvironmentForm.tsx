// Adds or edits an environment. Name and base URL are checked with the shared rule as the user types.
import { useState } from 'react';
import { environmentInputSchema, type Environment } from '../../../src-shared/ipc/channels/settings';
import type { AppError } from '../../../src-shared/ipc/result';
import { ErrorState } from '../../components/states/States';
import { TextField } from '../../components/fields/TextField';
import { inOperatorWords } from '../../../src-shared/api/field-words';
import { bridge } from '../../lib/bridge';
import { fieldProblems } from '../../components/fields/fieldProblems';
import { EnvironmentKindField, type UserKind } from './EnvironmentKindField';
import { useSettingsRefresh } from './useEnvironments';

type Field = 'name' | 'baseUrl';

export function EnvironmentForm({
  existing,
  onDone,
}: {
  existing?: Environment;
  onDone?: () => void;
}): React.JSX.Element {
  const [values, setValues] = useState<Record<Field, string>>({
    name: existing?.name ?? '',
    baseUrl: existing?.baseUrl ?? '',
  });
  const [kind, setKind] = useState<UserKind>(existing?.kind === 'test' ? 'test' : 'production');
  const [touched, setTouched] = useState<Record<Field, boolean>>({ name: false, baseUrl: false });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const refresh = useSettingsRefresh();
  const problems = fieldProblems(environmentInputSchema, values);
  const idPrefix = existing ? `env-${existing.id}` : 'env-new';

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setError(null);
    setSaved(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched({ name: true, baseUrl: true });
    if (Object.keys(problems).length) return;
    setBusy(true);
    const r = await bridge().environments.save({
      ...(existing ? { id: existing.id } : {}),
      name: values.name,
      baseUrl: values.baseUrl,
      kind,
    });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setSaved(existing ? `Saved ${r.data.name}.` : `Added ${r.data.name}. Now save its API key in its panel above.`);
    if (!existing) {
      setValues({ name: '', baseUrl: '' });
      setKind('production');
      setTouched({ name: false, baseUrl: false });
    }
    await refresh.settings();
    onDone?.();
  };

  // The shared rules speak the API's field names; the form says them in the operator's words.
  const message = (field: Field): string | null => {
    const said = (m: string) => inOperatorWords(field, m);
    if (touched[field] && problems[field]) return said(problems[field]);
    if (error?.fields?.[field]) return said(error.fields[field]);
    if (error?.field === field) return said(error.message);
    return null;
  };
  const fieldError =
    error && !error.fields?.name && !error.fields?.baseUrl && error.field !== 'name' && error.field !== 'baseUrl';

  const input = (field: Field, label: string, placeholder: string) => (
    <TextField
      label={label}
      idBase={`${idPrefix}-${field}`}
      problem={message(field)}
      value={values[field]}
      onChange={(e) => change(field, e.target.value)}
      placeholder={placeholder}
      autoComplete="off"
      spellCheck={false}
    />
  );

  return (
    <form
      className="environment-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={existing ? `Edit ${existing.name}` : 'Add environment'}
    >
      {input('name', 'Name', 'Production')}
      {input('baseUrl', 'Base URL', 'https://api.example.com')}
      <EnvironmentKindField idBase={idPrefix} value={kind} onChange={setKind} />
      <div className="form-actions">
        <button type="submit" className="primary" disabled={busy}>
          {existing ? 'Save changes' : 'Add environment'}
        </button>
        {onDone && existing ? (
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </div>
      {fieldError ? <ErrorState error={error} /> : null}
      {saved ? (
        <p role="status" className="ok-text">
          {saved}
        </p>
      ) : null}
    </form>
  );
}
