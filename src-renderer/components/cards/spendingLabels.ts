// How a card's spending-control words read, in the controls shown on a card and in the editor for a new one.
import type { CHANNELS, SPENDING_INTERVALS } from '../../../src-shared/api/records';

export const CHANNEL_LABEL: Record<(typeof CHANNELS)[number], string> = {
  atm: 'ATM',
  pos: 'POS',
  web: 'Web',
  mobile: 'Mobile',
};

export const INTERVAL_LABEL: Record<(typeof SPENDING_INTERVALS)[number], string> = {
  per_authorization: 'Per authorization',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
  all_time: 'All time',
};
