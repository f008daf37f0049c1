import type { Dispute } from '../../../src-shared/api/records';
import { StatusBadge } from '../../components/values/Badge';
import { IdWithCopy } from '../../components/values/CopyButton';
import { DetailSection, Details, Drawer } from '../../components/details/Drawer';
import { KeyValues, OtherFields } from '../../components/details/OtherFields';
import { formatDateTime } from '../../lib/format';
import { disputeReasonLabel } from './disputeReasons';
import { useDisputePartyItems } from './DisputedTransaction';

const SHOWN = [
  '_id',
  'business',
  'transaction',
  'reason',
  'explanation',
  'status',
  'metadata',
  'isDeleted',
  'createdAt',
  'updatedAt',
  '__v',
];

export function DisputeDetail({ dispute, onClose }: { dispute: Dispute; onClose: () => void }): React.JSX.Element {
  const d = dispute;
  const parties = useDisputePartyItems(d.transaction);
  return (
    <Drawer title={`Dispute: ${disputeReasonLabel(d.reason)}`} onClose={onClose}>
      <DetailSection title="Dispute">
        <Details
          items={[
            ['Status', <StatusBadge status={d.status} />],
            ['Reason', d.reason ? `${disputeReasonLabel(d.reason)} (${d.reason})` : undefined],
            ['Explanation', d.explanation ? <span className="prewrap">{d.explanation}</span> : undefined],
            ...parties,
            ['Transaction id', <IdWithCopy id={d.transaction} label="transaction id" />],
            ['Metadata', <KeyValues value={d.metadata} />],
            ['Created', formatDateTime(d.createdAt)],
            ['Updated', formatDateTime(d.updatedAt)],
            ['Dispute id', <IdWithCopy id={d._id} label="dispute id" />],
            ['Business', <IdWithCopy id={d.business} label="business id" />],
            ['Version', d.__v],
          ]}
        />
      </DetailSection>
      <OtherFields record={d} known={SHOWN} />
    </Drawer>
  );
}
