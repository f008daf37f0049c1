// Open a settlement account for the business or a wallet for a customer. Validated with the shared
// POST /accounts schema; sent once; the new record then shows in Accounts.
import { zodResolver } from '@hookform/resolvers/zod';
import { inOperatorWords } from '../../src-shared/api/field-words';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDraftStore } from '../stores/draftStore';
import { useLockStore } from '../stores/lockStore';
import { useTeamStore } from '../stores/teamStore';
import { useLatest } from '../lib/useLatest';
import { Controller, useForm, useWatch, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { Account } from '../../src-shared/api/records';
import { BANK_ACCOUNT_TYPES, CURRENCIES } from '../../src-shared/api/records';
import { createAccountRequestSchema, type CreateAccountRequest } from '../../src-shared/api/requests';
import { hrefOf } from '../lib/routes';
import { IdWithCopy } from '../components/values/CopyButton';
import { Details } from '../components/details/Drawer';
import { bridge } from '../lib/bridge';
import { formatMoney } from '../lib/format';
import { BridgeErrorBanner } from './CardIssued';
import { CustomerPicker } from './CustomerPicker';
import { SelectField } from './Field';
import { UnknownOutcome } from './UnknownOutcome';
import { RepeatConfirm } from './RepeatConfirm';
import { WriteTarget } from './WriteTarget';
import { NeedsApproval, useApprovalCheck } from './NeedsApproval';
import { SendButton } from './SendButton';
import { useSendOnce, type SendOnce } from './useSendOnce';
import { inWords } from './errorsInWords';
import type { WriteFormProps } from './writeFormProps';

interface AccountFormValues {
  type: 'account' | 'wallet';
  currency: (typeof CURRENCIES)[number];
  accountType: (typeof BANK_ACCOUNT_TYPES)[number];
  customerId: string;
}

const toRequest = (v: AccountFormValues): Record<string, unknown> =>
  v.type === 'wallet'
    ? { ...v, customerId: v.customerId || undefined }
    : { type: v.type, currency: v.currency, accountType: v.accountType };

const validateRequest = zodResolver(createAccountRequestSchema);
/** The shared schema over the request the inputs make (a settlement account has no customer). */
const resolver: Resolver<AccountFormValues, unknown, CreateAccountRequest> = async (values, context, options) => {
  const result = await validateRequest(toRequest(values) as never, context, options as never);
  return 'values' in result && Object.keys(result.errors).length === 0
    ? result
    : { values: {}, errors: inWords(result.errors) };
};

/** Sending the account once: a success reads accounts and wallets again; a refused field lands on the form. */
function useAccountSend(
  form: UseFormReturn<AccountFormValues, unknown, CreateAccountRequest>,
  onBusy: (busy: boolean) => void,
): SendOnce<CreateAccountRequest, Account> {
  const queryClient = useQueryClient();
  return useSendOnce<CreateAccountRequest, Account>({
    write: (request, confirm) => bridge().accounts.create(confirm ? { ...request, confirmRepeat: true } : request),
    onBusy,
    onSucceeded: () => {
      void queryClient.invalidateQueries({ queryKey: ['accounts'] });
      void queryClient.invalidateQueries({ queryKey: ['customers', 'wallets'] });
    },
    onRejected: (e) => {
      if (e.field === 'type' || e.field === 'currency' || e.field === 'accountType' || e.field === 'customerId') {
        form.setError(e.field, { type: 'server', message: inOperatorWords(e.field, e.message) });
      }
    },
  });
}

export function OpenAccountForm({
  customerId,
  restored,
  onBusy,
  onUnsaved,
  onClose,
}: WriteFormProps): React.JSX.Element {
  const draft = restored as AccountFormValues | undefined;
  const form = useForm<AccountFormValues, unknown, CreateAccountRequest>({
    defaultValues: {
      type: customerId ? 'wallet' : 'account',
      currency: 'NGN',
      accountType: 'Savings',
      customerId: customerId ?? '',
    },
    // A form opened again after a lock has what was chosen, and counts as changed (closing asks first).
    values: draft,
    resetOptions: { keepDefaultValues: true },
    resolver,
    mode: 'onChange',
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const type = useWatch({ control, name: 'type' });
  const isDirty = form.formState.isDirty;
  const noun = type === 'wallet' ? 'wallet' : 'account';

  const { sending, created, unknown, repeat, failure, notice, send, resend, confirmRepeat, dismissRepeat } =
    useAccountSend(form, onBusy);
  // Sent for approval: what was chosen is kept in the team database, so closing asks nothing.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    onUnsaved?.((isDirty || draft !== undefined) && !created && !unknown && !asked);
  }, [onUnsaved, isDirty, draft, created, unknown, asked]);
  // Locking unmounts the pages: what was chosen goes to the draft store as the form goes, and the app opens it
  // again once unlocked (RestoredWrite). Nothing chosen, or already sent: nothing kept.
  const keep = useLatest((isDirty || draft !== undefined) && !created && !unknown && !sending && !asked);
  const writesRefused = useTeamStore((s) => s.team?.writesRefused ?? null);
  useEffect(
    () => () => {
      if (!useLockStore.getState().lock?.locked || !keep.current) return;
      useDraftStore.getState().keep({
        kind: 'open-account',
        title: customerId ? 'Open a wallet' : 'Open an account or wallet',
        props: { customerId },
        state: form.getValues(),
      });
    },
    // Once, on unmount: the latest state is read through `keep`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // Whether the policy asks for a second person's approval of this account (checked once the form is valid).
  const watched = useWatch({ control }) as AccountFormValues;
  const parsed = createAccountRequestSchema.safeParse(toRequest(watched));
  const approvalWrite = parsed.success ? { operation: 'accounts.create' as const, input: parsed.data } : null;
  const approval = useApprovalCheck(approvalWrite);
  const needsApproval = approval?.needed === true && approvalWrite !== null;

  if (created) {
    return (
      <div className="issue-result" role="status">
        <h3>{created.type === 'wallet' ? 'Wallet opened' : 'Account opened'}</h3>
        <Details
          items={[
            ['Account name', created.accountName ?? '—'],
            ['Account number', <span className="mono">{created.accountNumber ?? '—'}</span>],
            ['Bank code', created.bankCode ?? '—'],
            ['Type', `${created.type ?? '—'} · ${created.accountType ?? ''}`],
            ['Balance', formatMoney(created.availableBalance, created.currency)],
            ['Id', <IdWithCopy id={created._id} label="account id" />],
          ]}
        />
        <a href={`${hrefOf('accounts')}?type=${created.type === 'wallet' ? 'wallet' : 'account'}`}>
          See it in Accounts
        </a>
        {notice ? (
          <p className="review-warning" role="note">
            {notice}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form className="wizard" noValidate onSubmit={(e) => void form.handleSubmit(send)(e)}>
      <fieldset className="form-group">
        <legend>What to open</legend>
        <label className="inline-check">
          <input type="radio" value="account" {...register('type')} />A settlement account for the business
        </label>
        <label className="inline-check">
          <input type="radio" value="wallet" {...register('type')} />A wallet for a customer
        </label>
      </fieldset>
      <div className="form-row">
        <SelectField
          label="Currency"
          error={errors.currency?.message}
          registration={register('currency')}
          options={CURRENCIES}
        />
        <SelectField
          label="Account type"
          error={errors.accountType?.message}
          registration={register('accountType')}
          options={BANK_ACCOUNT_TYPES}
        />
      </div>
      {type === 'wallet' ? (
        <Controller
          control={control}
          name="customerId"
          render={({ field }) => (
            <CustomerPicker
              value={field.value}
              onChange={(id) => field.onChange(id)}
              error={errors.customerId?.message}
            />
          )}
        />
      ) : null}
      <WriteTarget />
      {unknown ? <UnknownOutcome noun={noun} unknown={unknown} busy={sending} onResend={resend} /> : null}
      {repeat ? (
        <RepeatConfirm repeat={repeat} busy={sending} onConfirm={confirmRepeat} onCancel={dismissRepeat} />
      ) : null}
      {failure ? <BridgeErrorBanner message={failure} /> : null}
      {needsApproval ? (
        <NeedsApproval
          write={approvalWrite}
          check={approval}
          noun={noun}
          onAsked={() => setAsked(true)}
          {...(onClose ? { onClose } : {})}
        />
      ) : (
        <div className="form-actions">
          <SendButton
            sending={sending}
            writesRefused={writesRefused}
            text={type === 'wallet' ? 'Open wallet' : 'Open account'}
          />
        </div>
      )}
    </form>
  );
}
