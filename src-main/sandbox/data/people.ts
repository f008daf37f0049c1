// Nigerian names, places and phone prefixes for seeded records. Names come from faker's en_NG locale
// data; records are then assembled with our own seeded random source, which is far faster than calling
// faker per field (a million customers must be servable on demand).
import { faker } from '@faker-js/faker/locale/en_NG';

function namesFrom(list: readonly string[] | undefined, what: string): readonly string[] {
  const names = (list ?? []).filter((n) => /^[A-Za-z][A-Za-z' -]*$/.test(n));
  if (names.length === 0) throw new Error(`The en_NG locale has no ${what}`);
  return names;
}

const person = faker.rawDefinitions.person;
export const FEMALE_FIRST_NAMES = namesFrom(person?.first_name?.female, 'female first names');
export const MALE_FIRST_NAMES = namesFrom(person?.first_name?.male, 'male first names');
export const LAST_NAMES = namesFrom(person?.last_name?.generic, 'last names');

/** City, its state and the first digits of its postal codes (NIPOST), so addresses hang together. */
export const PLACES: readonly { city: string; state: string; postal: string }[] = [
  { city: 'Ikeja', state: 'Lagos', postal: '1002' },
  { city: 'Lekki', state: 'Lagos', postal: '1051' },
  { city: 'Yaba', state: 'Lagos', postal: '1012' },
  { city: 'Surulere', state: 'Lagos', postal: '1012' },
  { city: 'Victoria Island', state: 'Lagos', postal: '1012' },
  { city: 'Ikorodu', state: 'Lagos', postal: '1041' },
  { city: 'Ajah', state: 'Lagos', postal: '1051' },
  { city: 'Garki', state: 'FCT', postal: '9001' },
  { city: 'Wuse', state: 'FCT', postal: '9002' },
  { city: 'Maitama', state: 'FCT', postal: '9041' },
  { city: 'Gwarinpa', state: 'FCT', postal: '9001' },
  { city: 'Port Harcourt', state: 'Rivers', postal: '5000' },
  { city: 'Ibadan', state: 'Oyo', postal: '2000' },
  { city: 'Abeokuta', state: 'Ogun', postal: '1100' },
  { city: 'Benin City', state: 'Edo', postal: '3000' },
  { city: 'Enugu', state: 'Enugu', postal: '4000' },
  { city: 'Kano', state: 'Kano', postal: '7000' },
  { city: 'Kaduna', state: 'Kaduna', postal: '8000' },
  { city: 'Jos', state: 'Plateau', postal: '9300' },
  { city: 'Owerri', state: 'Imo', postal: '4600' },
  { city: 'Uyo', state: 'Akwa Ibom', postal: '5200' },
  { city: 'Calabar', state: 'Cross River', postal: '5400' },
  { city: 'Onitsha', state: 'Anambra', postal: '4341' },
  { city: 'Awka', state: 'Anambra', postal: '4200' },
  { city: 'Ilorin', state: 'Kwara', postal: '2400' },
  { city: 'Warri', state: 'Delta', postal: '3320' },
  { city: 'Asaba', state: 'Delta', postal: '3200' },
  { city: 'Osogbo', state: 'Osun', postal: '2300' },
  { city: 'Akure', state: 'Ondo', postal: '3400' },
  { city: 'Abakaliki', state: 'Ebonyi', postal: '4800' },
  { city: 'Maiduguri', state: 'Borno', postal: '6000' },
  { city: 'Sokoto', state: 'Sokoto', postal: '8400' },
  { city: 'Makurdi', state: 'Benue', postal: '9700' },
];

export const STREET_SUFFIXES = ['Street', 'Road', 'Close', 'Crescent', 'Avenue', 'Way', 'Drive', 'Lane'] as const;

/** Mobile number prefixes of MTN, Airtel, Glo and 9mobile, after the +234. */
export const MOBILE_PREFIXES = [
  '703',
  '706',
  '803',
  '806',
  '810',
  '813',
  '814',
  '816',
  '903',
  '906',
  '913',
  '916',
  '701',
  '708',
  '802',
  '808',
  '812',
  '901',
  '902',
  '904',
  '907',
  '912',
  '705',
  '805',
  '807',
  '811',
  '815',
  '905',
  '915',
  '809',
  '817',
  '818',
  '908',
  '909',
] as const;

export const EMAIL_DOMAINS: readonly (readonly [string, number])[] = [
  ['gmail.com', 55],
  ['yahoo.com', 20],
  ['outlook.com', 8],
  ['hotmail.com', 6],
  ['icloud.com', 4],
  ['yahoo.co.uk', 4],
  ['mail.com', 3],
];

/** Banks by CBN code, for settlement accounts and name enquiry. */
export const BANKS = {
  '044': 'Access Bank',
  '058': 'Guaranty Trust Bank',
  '057': 'Zenith Bank',
  '011': 'First Bank of Nigeria',
  '033': 'United Bank for Africa',
  '101': 'Providus Bank',
  '090286': 'Safe Haven Microfinance Bank',
} as const;

export const BUSINESS_NAME_ENDINGS = [
  'Ventures',
  'Foods',
  'Logistics',
  'Stores',
  'Technologies',
  'Pharmacy',
  'Motors',
  'Agro',
] as const;
