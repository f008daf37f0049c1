// Resolves a bank account's holder name. Both fields are checked with the shared rule as the user types.
import { useState } from 'react';
import type { NameEnquiryResult } from '../../../src-shared/api/records';
import { bankByCode, bankCodeFrom } from '../../../src-shared/api/banks';
import { nameEnquiryRequestSchema } from '../../../src-shared/api/requests';
import type { AppError } from '../../../src-shared/ipc/result';
import { BANK_LIST_ID, BankOptions, bankHint } from '../../components/fields/BankPicker';
import { CopyButton } from '../../components/values/CopyButton';
import { Details } from '../../components/details/Drawer';
import { ErrorState } from '../../components/states/States';
import { TextField } from '../../components/fields/TextField';
import { bridge } from '../../lib/bridge';
import { fieldProblems } from '../../components/fields/fieldProblems';
import './name-enquiry.css';

type Field = 'bankCode' | 'accountNumber';

export function NameEnquiryPage(): React.JSX.Element {
  const [values, setValues] = useState<Record<Field, string>>({ bankCode: '', accountNumber: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ bankCode: false, accountNumber: false });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<NameEnquiryResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const request = { bankCode: bankCodeFrom(values.bankCode), accountNumber: values.accountNumber.trim() };
  const problems = fieldProblems(nameEnquiryRequestSchema, request);
  const serverField = error?.field === 'bankCode' || error?.field === 'accountNumber' ? error.field : null;

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setResult(null);
    setError(null);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTouched({ bankCode: true, accountNumber: true });
    if (Object.keys(problems).length) return;
    setBusy(true);
    setResult(null);
    setError(null);
    const r = await bridge().accounts.nameEnquiry(request);
    setBusy(false);
    if (r.ok) setResult(r.data);
    else setError(r.error);
  };

  const message = (field: Field): string | null =>
    (touched[field] ? problems[field] : undefined) ??
    (serverField === field ? (error?.fields?.[field] ?? error?.message ?? null) : null);

  const input = (
    field: Field,
    label: string,
    hint: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <TextField
      {...extra}
      label={label}
      idBase={field}
      hint={hint}
      problem={message(field)}
      name={field}
      value={values[field]}
      inputMode={extra.inputMode ?? 'numeric'}
      autoComplete="off"
      onChange={(e) => change(field, e.target.value)}
    />
  );

  return (
    <section aria-labelledby="page-title" className="name-enquiry">
      <h1 id="page-title">Name enquiry</h1>
      <p className="muted">Find the name on a bank account before you send money to it or map a card to it.</p>
      <form className="panel name-enquiry-form" onSubmit={(e) => void submit(e)} noValidate>
        {input('bankCode', 'Bank', bankHint(values.bankCode), { list: BANK_LIST_ID, inputMode: 'text' })}
        <BankOptions />
        {input('accountNumber', 'Account number', '10 digits')}
        <div>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Looking up…' : 'Look up name'}
          </button>
        </div>
      </form>
      {error && !serverField ? <ErrorState error={error} /> : null}
      {result ? (
        <section className="panel name-result" aria-labelledby="result-title" role="status">
          <h2 id="result-title">Account holder</h2>
          <p className="account-name" data-testid="account-name">
            {result.accountName}
            <CopyButton value={result.accountName} label="account name" />
          </p>
          <Details
            items={[
              [
                'Bank',
                bankByCode(result.bankCode)
                  ? `${bankByCode(result.bankCode)!.name} (${result.bankCode})`
                  : result.bankCode,
              ],
              ['Account number', <span className="mono">{result.accountNumber}</span>],
            ]}
          />
        </section>
      ) : null}
    </section>
  );
}
