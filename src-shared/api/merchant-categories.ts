// Merchant category codes (ISO 18245) as words staff recognise, for lists, details, charts and exports.
// Codes not listed are shown as they come.
const MCC_LABELS: Record<string, string> = {
  '4111': 'Commuter transport',
  '4121': 'Taxis and ride hailing',
  '4511': 'Airlines',
  '4722': 'Travel agencies',
  '4812': 'Telecom equipment',
  '4814': 'Telecom services',
  '4899': 'Cable and streaming TV',
  '4900': 'Utilities',
  '5045': 'Computers and software',
  '5311': 'Department stores',
  '5399': 'General merchandise',
  '5411': 'Groceries and supermarkets',
  '5499': 'Food stores',
  '5541': 'Fuel stations',
  '5542': 'Fuel dispensers',
  '5651': 'Clothing',
  '5661': 'Shoe stores',
  '5732': 'Electronics',
  '5734': 'Software stores',
  '5812': 'Restaurants',
  '5814': 'Fast food',
  '5815': 'Digital media',
  '5816': 'Digital games',
  '5817': 'Digital apps',
  '5818': 'Digital goods',
  '5912': 'Pharmacies',
  '5942': 'Book stores',
  '5945': 'Toys and games',
  '5977': 'Cosmetics',
  '5999': 'Miscellaneous retail',
  '6010': 'Bank cash (manual)',
  '6011': 'ATM cash withdrawal',
  '6012': 'Financial services',
  '6051': 'Money orders and crypto',
  '7011': 'Hotels',
  '7372': 'Cloud and IT services',
  '7832': 'Cinemas',
  '7995': 'Betting',
  '8062': 'Hospitals',
  '8299': 'Schools',
};

/** `Groceries and supermarkets`; an unknown code stays `MCC 1234`; a missing one is `Uncategorised`. */
export function merchantCategoryLabel(code: string | null | undefined): string {
  if (!code) return 'Uncategorised';
  return MCC_LABELS[code] ?? (/^\d{4}$/.test(code) ? `MCC ${code}` : code);
}

/** `Groceries and supermarkets (5411)` for a listed code; any other code as it comes. */
export function merchantCategoryWithCode(code: string): string {
  const label = MCC_LABELS[code];
  return label ? `${label} (${code})` : code;
}
