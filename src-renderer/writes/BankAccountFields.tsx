// Mapping a card to a bank account: the bank code and account number, then the holder's name from name
// enquiry, which the user confirms before the wizard goes on.
import { useState } from 'react';
import { bankCodeFrom } from '../../src-shared/api/banks';
import { compactNumber } from '../../src-shared/api/input-rules';
import { BANK_LIST_ID, BankOptions, bankHint } from '../components/fields/BankPicker';
import { useEnvironmentKey } from '../components/environment/useEnvironmentKey';
import { bridge } from '../lib/bridge';
import { useBridgeQuery } from '../lib/useBridgeQuery';
import type { CardForm } from './cardForm';
import { Field } from './Field';
import { ConfirmedHolderText, HolderNameCheck, type FoundHolder, type HolderConfirmation } from './HolderNameCheck';

export type { HolderConfirmation };

/** The customer the card is for (to compare the holder's name with). */
function useCardCustomer(id: string) {
  const env = useEnvironmentKey();
  const q = useBridgeQuery(['customers', 'get', env, id], (opts) => bridge().customers.get({ id }, opts), {
    enabled: env !== null && /^[0-9a-f]{24}$/i.test(id),
  });
  return { customer: q.data?.data ?? null, pending: q.isPending && /^[0-9a-f]{24}$/i.test(id) };
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
  const customerId = watch('customerId');
  const { customer, pending } = useCardCustomer((customerId ?? '').trim());
  const [lookup, setLookup] = useState<
    { state: 'idle' | 'busy' } | { state: 'found'; result: FoundHolder } | { state: 'failed'; message: string }
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
        <ConfirmedHolderText holder={confirmed} />
      ) : lookup.state === 'found' && pending ? (
        <p role="status">Comparing the holder&rsquo;s name with the customer&rsquo;s…</p>
      ) : lookup.state === 'found' ? (
        <HolderNameCheck
          found={lookup.result}
          customerId={(customerId ?? '').trim().toLowerCase()}
          customer={customer}
          onConfirm={onConfirmed}
        />
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
