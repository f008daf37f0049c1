// Pickers for the records a card request points at: a funding source, a debit account in the card's
// currency, and a customer's card to replace.
import type { Account, Card } from '../../src-shared/api/records';
import { MAX_PAGE_SIZE } from '../../src-shared/api/requests';
import { useEnvironmentKey } from '../components/environment/useEnvironmentKey';
import { bridge } from '../lib/bridge';
import { displayPan, formatMoney } from '../lib/format';
import { useBridgeQuery } from '../lib/useBridgeQuery';
import { expiryText } from '../components/cards/cardFields';
import { Field } from './Field';

interface SelectProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
}

export function FundingSourceSelect({ value, onChange, onBlur, error }: SelectProps): React.JSX.Element {
  const env = useEnvironmentKey();
  const input = { page: 0, limit: MAX_PAGE_SIZE };
  const sources = useBridgeQuery(['fundingSources', env, input], (opts) => bridge().fundingSources.list(input, opts), {
    enabled: env !== null,
  });
  const list = sources.data?.data ?? [];
  return (
    <Field
      label="Funding source"
      error={error ?? sources.error?.appError.message}
      hint={sources.isPending ? 'Loading funding sources…' : 'Only an active funding source can be used.'}
    >
      {(ids) => (
        <select {...ids} value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}>
          <option value="">Choose a funding source</option>
          {list.map((s) => (
            <option key={s._id} value={s._id} disabled={s.status !== 'active'}>
              {`${s.type ?? 'funding source'} · ${s.status ?? 'unknown status'} · …${s._id.slice(-8)}`}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const accountLabel = (a: Account) =>
  `${a.type === 'wallet' ? 'Wallet' : 'Business account'} · ${a.accountName ?? ''} · ${a.accountNumber ?? '…' + a._id.slice(-8)} · ${formatMoney(a.availableBalance, a.currency)}`;

/** The business's accounts and this customer's wallets in the card's currency (first page of each). */
export function DebitAccountSelect({
  value,
  onChange,
  onBlur,
  error,
  currency,
  customerId,
}: SelectProps & { currency: string; customerId: string }): React.JSX.Element {
  const env = useEnvironmentKey();
  const ccy: 'NGN' | 'USD' = currency === 'USD' ? 'USD' : 'NGN';
  const business = { type: 'account' as const, currency: ccy, page: 0, limit: MAX_PAGE_SIZE };
  const wallets = { type: 'wallet' as const, currency: ccy, page: 0, limit: MAX_PAGE_SIZE };
  const accounts = useBridgeQuery(['accounts', env, business], (opts) => bridge().accounts.list(business, opts), {
    enabled: env !== null,
  });
  const walletList = useBridgeQuery(['accounts', env, wallets], (opts) => bridge().accounts.list(wallets, opts), {
    enabled: env !== null,
  });
  const options = [
    ...(accounts.data?.data ?? []).filter((a) => !a.customer),
    ...(walletList.data?.data ?? []).filter((a) => customerId && a.customer === customerId),
  ];
  const loading = accounts.isPending || walletList.isPending;
  const problem = accounts.error?.appError.message ?? walletList.error?.appError.message;
  return (
    <Field
      label="Debit account"
      error={error ?? problem}
      hint={loading ? 'Loading accounts…' : `The business's ${ccy} accounts and this customer's ${ccy} wallets.`}
    >
      {(ids) => (
        <select {...ids} value={value} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}>
          <option value="">Choose the account the card draws on</option>
          {options.map((a) => (
            <option key={a._id} value={a._id}>
              {accountLabel(a)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const cardLabel = (c: Card) =>
  `${displayPan(c.maskedPan)} · ${c.brand ?? ''} ${c.type ?? ''} · ${c.currency ?? ''} · ${c.status ?? ''} · expires ${expiryText(c)}`;

/** The customer's known cards that are not canceled. */
export function ReplaceCardSelect({
  value,
  onChange,
  onBlur,
  error,
  customerId,
  onCard,
}: SelectProps & { customerId: string; onCard: (card: Card) => void }): React.JSX.Element {
  const env = useEnvironmentKey();
  const input = { customerId, page: 0, limit: MAX_PAGE_SIZE };
  const cards = useBridgeQuery(['cards', 'known', env, input], (opts) => bridge().cards.known(input, opts), {
    enabled: env !== null && Boolean(customerId),
  });
  const usable = (cards.data?.data ?? []).filter((c) => c.status !== 'canceled');
  let hint: string;
  if (!customerId) hint = 'Choose the customer first.';
  else if (cards.isPending) hint = "Loading the customer's cards…";
  else if (usable.length === 0)
    hint =
      'Card Desk knows no card of this customer that is not cancelled (it knows cards it issued or saw in authorizations).';
  else hint = 'Cards Card Desk has seen for this customer.';
  return (
    <Field label="Card to replace" error={error ?? cards.error?.appError.message} hint={hint}>
      {(ids) => (
        <select
          {...ids}
          value={value}
          disabled={!customerId}
          onBlur={onBlur}
          onChange={(e) => {
            onChange(e.target.value);
            const card = usable.find((c) => c._id === e.target.value);
            if (card) onCard(card);
          }}
        >
          <option value="">Choose the lost or stolen card</option>
          {usable.map((c) => (
            <option key={c._id} value={c._id}>
              {cardLabel(c)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
