// Mapping a card to a bank account: the bank code and account number, then the holder's name from name
// enquiry, which the user confirms before the wizard goes on.
import { useState } from 'react';
import { bankByCode, bankCodeFrom } from '../../../src-shared/api/banks';
import { compactNumber } from '../../../src-shared/api/input-rules';
import { BANK_LIST_ID, BankOptions, bankHint } from '../../components/BankPicker';
import { bridge } from '../../lib/bridge';
import type { CardForm } from './cardForm';
import { Field } from './Field';

export interface HolderConfirmation {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

export function BankAccountFields({
  form,
  confirmed,
  onConfirmed,
}: {
  form: CardForm;
  /** The account the user confirmed, or null. */
  confirmed: HolderConfirmation | null;
  onConfirmed: (c: HolderConfirmation | null) => void;
}): React.JSX.Element {
  const {
    register,
    formState: { errors },
    getValues,
    setError,
    watch,
  } = form;
  const bankCode = watch('bankCode');
  const [lookup, setLookup] = useState<
    { state: 'idle' | 'busy' } | { state: 'found'; result: HolderConfirmation } | { state: 'failed'; message: string }
  >({ state: 'idle' });

  const resetConfirmation = () => {
    if (confirmed) onConfirmed(null);
    if (lookup.state !== 'idle') setLookup({ state: 'idle' });
  };

  const lookUp = async () => {
    const bankCode = getValues('bankCode').trim();
    const accountNumber = compactNumber(getValues('accountNumber').trim());
    setLookup({ state: 'busy' });
    const r = await bridge().accounts.nameEnquiry({ bankCode, accountNumber });
    if (r.ok) {
      setLookup({ state: 'found', result: { bankCode, accountNumber, accountName: r.data.accountName } });
      return;
    }
    if (r.error.field === 'bankCode' || r.error.field === 'accountNumber')
      setError(r.error.field, { type: 'server', message: r.error.message });
    setLookup({ state: 'failed', message: r.error.message });
  };

  return (
    <fieldset className="form-group">
      <legend>Bank account</legend>
      <div className="form-row">
        <Field label="Bank" error={errors.bankCode?.message} hint={bankHint(bankCode ?? '')}>
          {(ids) => (
            <input
              {...ids}
              list={BANK_LIST_ID}
              autoComplete="off"
              {...register('bankCode', {
                onChange: resetConfirmation,
                setValueAs: (v: string) => bankCodeFrom(v ?? ''),
              })}
            />
          )}
        </Field>
        <BankOptions />
        <Field label="Account number" error={errors.accountNumber?.message}>
          {(ids) => (
            <input
              {...ids}
              inputMode="numeric"
              autoComplete="off"
              {...register('accountNumber', { onChange: resetConfirmation })}
            />
          )}
        </Field>
        <button type="button" className="align-end" onClick={() => void lookUp()} disabled={lookup.state === 'busy'}>
          {lookup.state === 'busy' ? 'Looking up…' : 'Look up account holder'}
        </button>
      </div>
      {confirmed ? (
        <p className="confirmed-holder" role="status">
          Confirmed holder: <strong>{confirmed.accountName}</strong> (
          {bankByCode(confirmed.bankCode)?.name ?? confirmed.bankCode} {confirmed.bankCode} / {confirmed.accountNumber})
        </p>
      ) : lookup.state === 'found' ? (
        <div className="holder-check" role="group" aria-label="Confirm account holder">
          <p role="status">
            The account holder is <strong>{lookup.result.accountName}</strong>. Is this the right account?
          </p>
          <button type="button" className="primary" onClick={() => onConfirmed(lookup.result)}>
            Yes, map the card to this account
          </button>
        </div>
      ) : lookup.state === 'failed' ? (
        <p className="field-error" role="alert">
          {lookup.message}
        </p>
      ) : (
        <p className="field-hint">Look up the holder's name and confirm it before continuing.</p>
      )}
    </fieldset>
  );
}
