// Dispute reasons as staff read them; a reason the service adds later is shown in plain words.
import { humanize } from '../../components/values/Badge';

const REASON_LABELS: Record<string, string> = {
  not_received: 'Not received',
  fraudulent: 'Fraudulent',
  duplicate: 'Duplicate charge',
  product_not_as_described: 'Product not as described',
  service_not_as_described: 'Service not as described',
  canceled: 'Cancelled',
  other: 'Other',
};

export function disputeReasonLabel(reason: string | null | undefined): string {
  if (!reason) return '—';
  return REASON_LABELS[reason] ?? humanize(reason);
}
