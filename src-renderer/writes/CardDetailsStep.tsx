// The card's own fields, and those of the chosen path only. Every rule shows its message on its field as
// the user types (the form validates on change with the shared schema).
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { rangesInWords } from '../../src-shared/api/card-ranges';
import type { Card } from '../../src-shared/api/records';
import { refId } from '../components/cards/cardFields';
import { BankAccountFields, type HolderConfirmation } from './BankAccountFields';
import type { CardForm, CardPath } from './cardForm';
import { useKnownCard } from './useKnownCard';
import { CustomerPicker } from './CustomerPicker';
import { Field } from './Field';
import { DebitAccountSelect, FundingSourceSelect } from './Pickers';
import { CardKindFields } from './CardKindFields';
import { ReplacementFields } from './ReplacementFields';

export function CardDetailsStep({
  form,
  path,
  holder,
  onHolder,
  onCardToReplace,
}: {
  form: CardForm;
  path: CardPath;
  holder: HolderConfirmation | null;
  onHolder: (h: HolderConfirmation | null) => void;
  /** The card chosen to replace: the new card starts from its spending controls and settings. */
  onCardToReplace?: (card: Card) => void;
}): React.JSX.Element {
  const {
    register,
    control,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const [type, brand, currency, customerId] = watch(['type', 'brand', 'currency', 'customerId']);
  // A replacement draws on the old card's account; when the service asks for one anyway, this step gains the
  // field (from then on while this step is shown), starting from the old card's account where it is known.
  const debitAccountId = watch('debitAccountId');
  const [askedForAccount] = useState(() => errors.debitAccountId !== undefined);
  const showDebitAccount = path !== 'replace' || askedForAccount || debitAccountId !== '';
  const replaced = useKnownCard(path === 'replace' && askedForAccount ? watch('replacementFor') : '');
  useEffect(() => {
    const account = refId(replaced?.account);
    if (askedForAccount && account && form.getValues('debitAccountId') === '') setValue('debitAccountId', account);
  }, [askedForAccount, replaced, form, setValue]);

  return (
    <div className="card-details">
      <Controller
        control={control}
        name="customerId"
        render={({ field }) => (
          <CustomerPicker
            value={field.value}
            error={errors.customerId?.message}
            onChange={(id) => {
              field.onChange(id);
              // A different customer has different cards and wallets.
              setValue('replacementFor', '');
              setValue('debitAccountId', '');
            }}
          />
        )}
      />

      {path === 'replace' ? (
        <ReplacementFields form={form} customerId={customerId} {...(onCardToReplace ? { onCardToReplace } : {})} />
      ) : null}

      <CardKindFields form={form} />

      {path === 'fundingSource' ? (
        <Controller
          control={control}
          name="fundingSourceId"
          render={({ field }) => (
            <FundingSourceSelect
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.fundingSourceId?.message}
            />
          )}
        />
      ) : null}

      {path === 'bankAccount' ? <BankAccountFields form={form} confirmed={holder} onConfirmed={onHolder} /> : null}
      {path === 'replace' && type !== 'physical' ? (
        <p className="muted" data-testid="replacement-account">
          The new card draws on the debit account below: the old card&rsquo;s, where Card Desk knows it. Change it if
          the service asks for another.
        </p>
      ) : null}

      <div className="form-row">
        {type === 'physical' ? (
          <Field
            label={brand === 'Visa' ? 'Visa card id' : 'Card number (PAN)'}
            error={errors.number?.message}
            hint={
              brand === 'Visa'
                ? 'The id of the Visa card, or its number (starting with 4).'
                : `16 to 19 digits as printed, starting with ${rangesInWords(brand)}; spaces and dashes are fine.`
            }
          >
            {(ids) => (
              <input
                {...ids}
                autoComplete="off"
                spellCheck={false}
                inputMode={brand === 'Visa' ? 'text' : 'numeric'}
                {...register('number')}
              />
            )}
          </Field>
        ) : !showDebitAccount ? null : (
          <Controller
            control={control}
            name="debitAccountId"
            render={({ field }) => (
              <DebitAccountSelect
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.debitAccountId?.message}
                currency={currency}
                customerId={customerId}
              />
            )}
          />
        )}
        <Field
          label={`Funding amount (${currency})`}
          error={errors.amount?.message}
          hint={brand === 'MasterCard' ? 'Required for a MasterCard.' : 'Optional.'}
        >
          {(ids) => (
            <input {...ids} inputMode="decimal" autoComplete="off" placeholder="0.00" {...register('amount')} />
          )}
        </Field>
        {brand === 'Visa' ? (
          <Field
            label="Expiration date"
            error={errors.expirationDate?.message}
            hint="Month and year: Jan-2029, 01/29 or 2029-01; at most 3 years ahead."
          >
            {(ids) => <input {...ids} placeholder="Jan-2029" autoComplete="off" {...register('expirationDate')} />}
          </Field>
        ) : null}
      </div>

      <div className="form-row">
        <label className="inline-check">
          <input type="checkbox" {...register('enable2FA')} />
          Send OTPs for web and mobile payments (2FA)
        </label>
        <label className="inline-check">
          <input type="checkbox" {...register('sendPINSMS')} />
          Send the default PIN by SMS
        </label>
      </div>
    </div>
  );
}
