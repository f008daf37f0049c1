// Merchants the seeded cards spend at, by channel and currency, with plausible amount ranges (major units).
import type { Currency } from '../../../src-shared/api/records';

export type Channel = 'pos' | 'web' | 'atm';

export interface MerchantProfile {
  name: string;
  /** ISO 18245 merchant category code. */
  category: string;
  channel: Channel;
  currency: Currency;
  min: number;
  max: number;
  /** transactionMetadata.type */
  kind: 'purchase' | 'payment' | 'cash_withdrawal';
  /** Online merchants have a fixed home; card-present ones take the cardholder's city. */
  home?: { city: string; state: string; country: string; postalCode: string };
}

const LAGOS = { city: 'Lagos', state: 'Lagos', country: 'NG', postalCode: '101233' };
const ABROAD = {
  sf: { city: 'San Francisco', state: 'CA', country: 'US', postalCode: '94103' },
  seattle: { city: 'Seattle', state: 'WA', country: 'US', postalCode: '98109' },
  dublin: { city: 'Dublin', state: 'D02', country: 'IE', postalCode: 'D02X525' },
};

export const MERCHANTS: readonly MerchantProfile[] = [
  { name: 'Shoprite', category: '5411', channel: 'pos', currency: 'NGN', min: 2_000, max: 85_000, kind: 'purchase' },
  { name: 'Spar', category: '5411', channel: 'pos', currency: 'NGN', min: 2_500, max: 95_000, kind: 'purchase' },
  { name: 'Ebeano Supermarket', category: '5411', channel: 'pos', currency: 'NGN', min: 3_000, max: 70_000, kind: 'purchase' },
  { name: 'Hubmart', category: '5411', channel: 'pos', currency: 'NGN', min: 2_000, max: 60_000, kind: 'purchase' },
  { name: 'Chicken Republic', category: '5814', channel: 'pos', currency: 'NGN', min: 1_500, max: 15_000, kind: 'purchase' },
  { name: 'Kilimanjaro', category: '5814', channel: 'pos', currency: 'NGN', min: 1_500, max: 12_000, kind: 'purchase' },
  { name: "Domino's Pizza", category: '5814', channel: 'pos', currency: 'NGN', min: 6_000, max: 25_000, kind: 'purchase' },
  { name: 'TotalEnergies', category: '5541', channel: 'pos', currency: 'NGN', min: 5_000, max: 60_000, kind: 'purchase' },
  { name: 'MRS Filling Station', category: '5541', channel: 'pos', currency: 'NGN', min: 5_000, max: 50_000, kind: 'purchase' },
  { name: 'MedPlus Pharmacy', category: '5912', channel: 'pos', currency: 'NGN', min: 1_000, max: 30_000, kind: 'purchase' },
  { name: 'Filmhouse Cinemas', category: '7832', channel: 'pos', currency: 'NGN', min: 3_000, max: 12_000, kind: 'purchase' },
  { name: 'Slot Systems', category: '5732', channel: 'pos', currency: 'NGN', min: 20_000, max: 450_000, kind: 'purchase' },
  { name: 'Jumia', category: '5311', channel: 'web', currency: 'NGN', min: 3_000, max: 180_000, kind: 'purchase', home: LAGOS },
  { name: 'Konga', category: '5311', channel: 'web', currency: 'NGN', min: 3_000, max: 150_000, kind: 'purchase', home: LAGOS },
  { name: 'Bolt', category: '4121', channel: 'web', currency: 'NGN', min: 1_500, max: 12_000, kind: 'payment', home: LAGOS },
  { name: 'Uber', category: '4121', channel: 'web', currency: 'NGN', min: 1_800, max: 15_000, kind: 'payment', home: LAGOS },
  { name: 'MultiChoice DStv', category: '4899', channel: 'web', currency: 'NGN', min: 9_000, max: 37_000, kind: 'payment', home: LAGOS },
  { name: 'MTN Airtime', category: '4814', channel: 'web', currency: 'NGN', min: 500, max: 10_000, kind: 'payment', home: LAGOS },
  { name: 'Airtel Data', category: '4814', channel: 'web', currency: 'NGN', min: 1_000, max: 20_000, kind: 'payment', home: LAGOS },
  { name: 'Netflix', category: '4899', channel: 'web', currency: 'NGN', min: 4_400, max: 7_000, kind: 'payment', home: LAGOS },
  { name: 'GTBank ATM', category: '6011', channel: 'atm', currency: 'NGN', min: 5, max: 20, kind: 'cash_withdrawal' },
  { name: 'Access Bank ATM', category: '6011', channel: 'atm', currency: 'NGN', min: 5, max: 20, kind: 'cash_withdrawal' },
  { name: 'Zenith Bank ATM', category: '6011', channel: 'atm', currency: 'NGN', min: 5, max: 20, kind: 'cash_withdrawal' },
  { name: 'First Bank ATM', category: '6011', channel: 'atm', currency: 'NGN', min: 5, max: 20, kind: 'cash_withdrawal' },
  { name: 'Amazon', category: '5942', channel: 'web', currency: 'USD', min: 8, max: 250, kind: 'purchase', home: ABROAD.seattle },
  { name: 'Google Cloud', category: '7372', channel: 'web', currency: 'USD', min: 5, max: 180, kind: 'payment', home: ABROAD.sf },
  { name: 'Spotify', category: '5815', channel: 'web', currency: 'USD', min: 3, max: 12, kind: 'payment', home: ABROAD.sf },
  { name: 'Canva', category: '5818', channel: 'web', currency: 'USD', min: 6, max: 15, kind: 'payment', home: ABROAD.sf },
  { name: 'Apple Services', category: '5818', channel: 'web', currency: 'USD', min: 1, max: 30, kind: 'payment', home: ABROAD.sf },
  { name: 'Microsoft 365', category: '5734', channel: 'web', currency: 'USD', min: 7, max: 22, kind: 'payment', home: ABROAD.dublin },
];

/** ATM amounts are drawn in thousands (min/max above), within the default 20,000 per-withdrawal limit. */
export const ATM_UNIT = 1_000;
