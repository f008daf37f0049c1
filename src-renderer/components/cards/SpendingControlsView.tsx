import { CHANNELS, type SpendingControls } from '../../../src-shared/api/records';
import { merchantCategoryWithCode } from '../../../src-shared/api/merchant-categories';
import { formatMoney } from '../../lib/format';
import { CHANNEL_LABEL, INTERVAL_LABEL } from './spendingLabels';

/** Some services scope a limit to channels (a field beyond the spec); shown when present. */
function limitChannels(limit: object): string[] | null {
  const v = (limit as { channels?: unknown }).channels;
  return Array.isArray(v) && v.every((c) => typeof c === 'string') ? v : null;
}

function categoriesText(list: string[] | undefined, none: string): string {
  return list && list.length ? list.map(merchantCategoryWithCode).join(', ') : none;
}

function channelsText(list: string[] | null): string {
  if (!list || list.length === 0) return 'All channels';
  return list.map((c) => CHANNEL_LABEL[c as keyof typeof CHANNEL_LABEL] ?? c).join(', ');
}

export function SpendingControlsView({
  controls,
  currency,
}: {
  controls: SpendingControls | null | undefined;
  currency: string | undefined;
}): React.JSX.Element {
  if (!controls) return <p className="muted">No spending controls are recorded for this card.</p>;
  const limits = controls.spendingLimits ?? [];
  const withChannels = limits.some((l) => limitChannels(l) !== null);
  return (
    <div className="spending-controls">
      <h3>Channels</h3>
      <ul className="channel-list" aria-label="Channels">
        {CHANNELS.map((c) => {
          const value = controls.channels?.[c];
          const text = value === undefined ? 'not set' : value ? 'allowed' : 'blocked';
          return (
            <li key={c} className={`channel channel-${text.replace(' ', '-')}`}>
              {CHANNEL_LABEL[c]}: <strong>{text}</strong>
            </li>
          );
        })}
      </ul>
      <h3>Merchant categories</h3>
      <dl className="kv">
        <dt>Allowed</dt>
        <dd>{categoriesText(controls.allowedCategories, 'All categories')}</dd>
        <dt>Blocked</dt>
        <dd>{categoriesText(controls.blockedCategories, 'None')}</dd>
      </dl>
      <h3>Spending limits</h3>
      {limits.length === 0 ? (
        <p className="muted">No spending limits.</p>
      ) : (
        <table className="simple-table">
          <caption className="visually-hidden">Spending limits</caption>
          <thead>
            <tr>
              <th scope="col">Amount</th>
              <th scope="col">Interval</th>
              {withChannels ? <th scope="col">Channels</th> : null}
              <th scope="col">Categories</th>
            </tr>
          </thead>
          <tbody>
            {limits.map((l, i) => (
              <tr key={l._id ?? i}>
                <td>{formatMoney(l.amount, currency)}</td>
                <td>{INTERVAL_LABEL[l.interval as keyof typeof INTERVAL_LABEL] ?? l.interval}</td>
                {withChannels ? <td>{channelsText(limitChannels(l))}</td> : null}
                <td>{categoriesText(l.categories, 'All categories')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
