// One funding source, fetched by id (GET /fundingsources/{id}) so the drawer shows the service's current record.
import type { FundingSource } from '../../../src-shared/api/records';
import { StatusBadge, YesNo, humanize } from '../../components/values/Badge';
import { IdWithCopy } from '../../components/values/CopyButton';
import { DetailSection, Details, Drawer } from '../../components/details/Drawer';
import { OtherFields } from '../../components/details/OtherFields';
import { ErrorState, LoadingRows } from '../../components/states/States';
import { useEnvironmentKey } from '../../components/environment/useEnvironmentKey';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { useBridgeQuery } from '../../lib/useBridgeQuery';

const SHOWN = ['_id', 'business', 'type', 'status', 'isDeleted', 'createdAt', 'updatedAt', '__v'];

export function FundingSourceFields({ source }: { source: FundingSource }): React.JSX.Element {
  const f = source;
  return (
    <>
      <Details
        items={[
          ['Funding source id', <IdWithCopy id={f._id} label="funding source id" />],
          ['Type', f.type ? humanize(f.type) : undefined],
          ['Status', <StatusBadge status={f.status} />],
          ['Deleted', <YesNo value={f.isDeleted} />],
          ['Business', <IdWithCopy id={f.business} label="business id" />],
          ['Created', formatDateTime(f.createdAt)],
          ['Updated', formatDateTime(f.updatedAt)],
          ['Version', f.__v],
        ]}
      />
      <OtherFields record={f} known={SHOWN} />
    </>
  );
}

export function FundingSourceDetail({ id, onClose }: { id: string; onClose: () => void }): React.JSX.Element {
  const env = useEnvironmentKey();
  const q = useBridgeQuery(['fundingSource', env, id], (opts) => bridge().fundingSources.get({ id }, opts), {
    enabled: env !== null,
  });
  return (
    <Drawer title="Funding source" onClose={onClose}>
      <DetailSection title="Funding source">
        {q.error ? (
          <ErrorState error={q.error.appError} onRetry={() => void q.refetch()} />
        ) : q.data ? (
          <FundingSourceFields source={q.data.data} />
        ) : (
          <LoadingRows rows={4} label="Loading funding source" />
        )}
      </DetailSection>
    </Drawer>
  );
}
