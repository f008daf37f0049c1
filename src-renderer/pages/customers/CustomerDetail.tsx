// One customer from the offline cache: identity, KYC, contact, address, recent authorizations (declined
// first, with why), documents, cards and wallets.
import { useState } from 'react';
import type { Customer } from '../../../src-shared/api/records';
import { StatusBadge } from '../../components/values/Badge';
import { CopyButton, IdWithCopy } from '../../components/values/CopyButton';
import { Details } from '../../components/details/Drawer';
import { ErrorState, LoadingRows } from '../../components/states/States';
import { UnreadableFields } from '../../components/details/UnreadableFields';
import { hrefOf } from '../../lib/routes';
import { bridge } from '../../lib/bridge';
import { formatDateTime, formatPhone } from '../../lib/format';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { IssueCardButton, OpenAccountButton } from '../../writes/IssueCardButton';
import { KnownCardsList } from '../../components/cards/KnownCardsList';
import { RecentAuthorizations } from '../../components/cards/RecentAuthorizations';
import { customerName, dobText } from '../../components/customers/customerFields';
import { CustomerWallets } from './CustomerWallets';
import { useEnvironmentKey } from '../../components/environment/useEnvironmentKey';

export function CustomerDetail({ id }: { id: string }): React.JSX.Element {
  const env = useEnvironmentKey();
  const customer = useBridgeQuery(['customers', 'get', env, id], (opts) => bridge().customers.get({ id }, opts), {
    enabled: env !== null,
  });
  const c = customer.data?.data;
  return (
    <section aria-labelledby="page-title" className="customer-detail">
      <p>
        <a href={hrefOf('customers')}>← All customers</a>
      </p>
      <div className="title-line">
        <h1 id="page-title">{c ? customerName(c) : 'Customer'}</h1>
        {c?.status ? <StatusBadge status={c.status} /> : null}
      </div>
      {customer.error ? (
        <ErrorState error={customer.error.appError} onRetry={() => void customer.refetch()} />
      ) : !c ? (
        <LoadingRows rows={6} label="Loading customer" />
      ) : (
        <CustomerBody customer={c} />
      )}
    </section>
  );
}

function WithCopy({
  value,
  label,
  shown = value,
}: {
  value: string | undefined;
  label: string;
  /** How the value reads on screen (a grouped phone number); the copy is the value itself. */
  shown?: string;
}): React.JSX.Element {
  if (!value) return <span>—</span>;
  return (
    <span className="id-with-copy">
      <span>{shown}</span>
      <CopyButton value={value} label={label} />
    </span>
  );
}

function CustomerBody({ customer: c }: { customer: Customer }): React.JSX.Element {
  const ind = c.individual;
  const addr = c.billingAddress;
  const docs = ind?.documents;
  const documents: [string, string | undefined][] = [
    ['ID front', docs?.idFrontUrl],
    ['ID back', docs?.idBackUrl],
    ['Address verification', docs?.addressVerificationUrl],
  ];
  return (
    <>
      <div className="detail-grid">
        <section className="panel" aria-labelledby="identity-title">
          <h2 id="identity-title">Identity</h2>
          <Details
            items={[
              ['Name', customerName(c)],
              // The middle names a search may have matched, shown even where the display name leaves them out.
              ...(ind?.otherNames?.trim() ? ([['Other names', ind.otherNames.trim()]] as [string, string][]) : []),
              ['Type', c.type ?? '—'],
              ['Status', c.status ?? '—'],
              ['Date of birth', dobText(ind?.dob)],
              ['Identity type', ind?.identity?.type ?? '—'],
              ['Identity number', <WithCopy value={ind?.identity?.number} label="identity number" />],
              ['Customer id', <IdWithCopy id={c._id} label="customer id" />],
              ['Created', formatDateTime(c.createdAt)],
            ]}
          />
        </section>
        <section className="panel" aria-labelledby="kyc-title">
          <h2 id="kyc-title">KYC</h2>
          <p>
            {c.isApproved === undefined ? (
              <span className="muted">Not reported</span>
            ) : (
              <StatusBadge
                status={c.isApproved ? 'approved' : 'declined'}
                label={c.isApproved ? 'Approved' : 'Not approved'}
              />
            )}
          </p>
          <h2 id="contact-title">Contact</h2>
          <Details
            items={[
              ['Email', <WithCopy value={c.emailAddress} label="email" />],
              ['Phone', <WithCopy value={c.phoneNumber} shown={formatPhone(c.phoneNumber)} label="phone number" />],
            ]}
          />
          <h2 id="address-title">Billing address</h2>
          <address className="address">
            {[
              addr?.line1,
              addr?.line2,
              [addr?.city, addr?.state].filter(Boolean).join(', '),
              addr?.postalCode,
              addr?.country,
            ]
              .filter((l): l is string => !!l)
              .map((line, i) => (
                <span key={i}>{line}</span>
              ))}
          </address>
        </section>
      </div>
      <UnreadableFields fields={c.cardDeskUnreadable} />
      <RecentAuthorizations of={{ customer: c._id }} title="Recent authorizations on this customer's cards" />
      <section className="panel" aria-labelledby="documents-title">
        <h2 id="documents-title">Documents</h2>
        <p className="muted small">Links are shown to copy into your browser; Card Desk does not open remote pages.</p>
        <dl className="kv">
          {documents.map(([label, url]) => (
            <div key={label} className="kv-row">
              <dt>{label}</dt>
              <dd>
                {url ? (
                  <span className="doc-link">
                    <code>{url}</code>
                    <CopyButton value={url} label={`${label} link`} />
                  </span>
                ) : (
                  '—'
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="panel" aria-labelledby="cards-title">
        <div className="section-head">
          <h2 id="cards-title">Cards</h2>
          <IssueCardButton customerId={c._id} />
        </div>
        <CustomerCards customerId={c._id} />
      </section>
      <section className="panel" aria-labelledby="wallets-title">
        <div className="section-head">
          <h2 id="wallets-title">Wallets</h2>
          <OpenAccountButton customerId={c._id} />
        </div>
        <CustomerWallets customerId={c._id} />
      </section>
    </>
  );
}

function CustomerCards({ customerId }: { customerId: string }): React.JSX.Element {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  return (
    <KnownCardsList
      customerId={customerId}
      label="Cards of this customer"
      paging={{
        page,
        limit,
        continuous: false,
        onPage: setPage,
        onLimit: (l) => {
          setLimit(l);
          setPage(0);
        },
      }}
    />
  );
}
