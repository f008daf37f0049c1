// Which column of the file is which template column. The template's own names match exactly (in any
// case); other names are matched forgivingly ("Customer email", "Card Type", "debit account", "Limit")
// and shown to the operator as guesses to confirm. A column matched by no rule is ignored, and said so.
import { BULK_COLUMNS, type BulkColumn } from '../../src-shared/ipc/channels/bulk-issue';

export interface ColumnMatch {
  header: string;
  field: BulkColumn | null;
  guessed: boolean;
}

/** A header as compared: lower case, letters and digits only. */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Other names each template column goes by, squashed. */
const ALIASES: Record<BulkColumn, readonly string[]> = {
  customer: [
    'customerid',
    'customeremail',
    'customerphone',
    'email',
    'emailaddress',
    'phone',
    'phonenumber',
    'mobile',
    'bvn',
    'nin',
    'bvnnin',
    'client',
    'employee',
    'cardholder',
    'holder',
  ],
  type: ['cardtype', 'kind'],
  brand: ['cardbrand', 'scheme', 'network', 'cardscheme'],
  currency: ['ccy', 'cardcurrency'],
  status: ['cardstatus', 'initialstatus', 'state'],
  amount: ['fundingamount', 'fund', 'funding amount', 'loadamount', 'initialamount', 'topup', 'value'],
  expirationDate: ['expiry', 'expirydate', 'expires', 'expiration', 'validuntil', 'validthru', 'exp'],
  debitAccountId: ['debitaccount', 'debitaccountid', 'debitfrom', 'sourceaccount'],
  fundingSourceId: ['fundingsource', 'fundingsourceid', 'funding'],
  accountId: ['account', 'accountid', 'mapaccount', 'bankaccount'],
  bankCode: ['bank', 'bankcode', 'sortcode', 'bankid', 'cbncode', 'nipcode'],
  accountNumber: ['accountno', 'accountnumber', 'acctno', 'acctnumber', 'nuban', 'bankaccountnumber'],
  mapAnywayBecause: ['mapanyway', 'mapanywayreason', 'holdermismatchreason', 'whymapanyway', 'mappedanywaybecause'],
  replacementFor: ['replaces', 'replacement', 'replacecard', 'cardtoreplace', 'oldcard', 'oldcardid', 'replacedcard'],
  reason: ['replacementreason', 'replacereason', 'why', 'lostorstolen'],
  issuerCountry: ['country', 'issuingcountry', 'issuer'],
  enable2FA: ['2fa', 'twofactor', 'otp', 'enable2fa', 'otps'],
  sendPINSMS: ['pinsms', 'pinbysms', 'sendpin', 'smspin'],
  spendingLimit: ['limit', 'spendlimit', 'spendinglimitamount', 'limitamount', 'cardlimit'],
  spendingInterval: ['interval', 'limitinterval', 'spendinginterval', 'limitperiod', 'period'],
  channels: ['channel', 'allowedchannels', 'channelsallowed', 'useon'],
  allowedCategories: ['allowed', 'allowedmerchants', 'onlycategories', 'allowcategories'],
  blockedCategories: ['blocked', 'blockedmerchants', 'blockcategories', 'notallowed'],
  reference: ['ref', 'externalreference', 'yourreference', 'employeeid', 'staffid', 'note'],
};

const EXACT = new Map(BULK_COLUMNS.map((c) => [squash(c), c]));
const GUESS = new Map(BULK_COLUMNS.flatMap((c) => ALIASES[c].map((a) => [a, c] as const)));

/**
 * Matches each header; the first column to claim a template column has it, later ones are ignored.
 * `overrides` (header → template column or null) are the operator's corrections and win.
 */
export function matchColumns(
  headers: readonly string[],
  overrides: Readonly<Record<string, BulkColumn | null>> = {},
): ColumnMatch[] {
  const taken = new Set<BulkColumn>();
  const claim = (header: string, field: BulkColumn | null, guessed: boolean): ColumnMatch => {
    if (field === null || taken.has(field)) return { header, field: null, guessed: false };
    taken.add(field);
    return { header, field, guessed };
  };
  // The operator's choices and exact names first, so a guess never takes a column named outright.
  const first = headers.map((header) => {
    if (Object.hasOwn(overrides, header)) return claim(header, overrides[header] ?? null, false);
    const exact = EXACT.get(squash(header));
    return exact ? claim(header, exact, false) : null;
  });
  return headers.map((header, i) => first[i] ?? claim(header, GUESS.get(squash(header)) ?? null, true));
}

/** The template columns no column of the file provides. */
export const missingColumns = (matches: readonly ColumnMatch[]): BulkColumn[] =>
  BULK_COLUMNS.filter((c) => !matches.some((m) => m.field === c));

/** An id that reads as an example (24 hex digits, as the service's ids are). */
const exampleId = (n: number) => `64e0${'0'.repeat(19)}${n}`;

/**
 * The template's example rows, one per kind of card a file can issue. Each passes the same checks as a
 * real row; their customers are at example.com, so a file sent with them left in finds no such customer and
 * issues nothing for them.
 */
export function templateExamples(now: Date): Record<BulkColumn, string>[] {
  const empty = Object.fromEntries(BULK_COLUMNS.map((c) => [c, ''])) as Record<BulkColumn, string>;
  const row = (cells: Partial<Record<BulkColumn, string>>) => ({ ...empty, ...cells });
  const base = { type: 'virtual', status: 'active', debitAccountId: exampleId(1) };
  const expiry = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][now.getUTCMonth()]}-${now.getUTCFullYear() + 2}`;
  return [
    row({
      ...base,
      customer: 'example.new.card@example.com',
      brand: 'Verve',
      currency: 'NGN',
      spendingLimit: '50000',
      spendingInterval: 'daily',
      channels: 'pos, web',
      blockedCategories: 'gambling',
      reference: 'EXAMPLE: a new Verve card with spending controls (delete this row)',
    }),
    row({
      ...base,
      customer: 'example.mastercard@example.com',
      brand: 'MasterCard',
      currency: 'USD',
      amount: '50.00',
      reference: 'EXAMPLE: a MasterCard with its funding amount (delete this row)',
    }),
    row({
      ...base,
      customer: 'example.visa@example.com',
      brand: 'Visa',
      currency: 'USD',
      expirationDate: expiry,
      reference: 'EXAMPLE: a Visa card with its expiry (delete this row)',
    }),
    row({
      ...base,
      customer: 'example.bank.account@example.com',
      brand: 'AfriGo',
      currency: 'NGN',
      bankCode: '058',
      accountNumber: '0123456789',
      reference: 'EXAMPLE: a card on a bank account, its holder checked (delete this row)',
    }),
    row({
      ...base,
      customer: 'example.funding.source@example.com',
      brand: 'Verve',
      currency: 'NGN',
      fundingSourceId: exampleId(2),
      reference: 'EXAMPLE: a card on a funding source (delete this row)',
    }),
    row({
      customer: 'example.replacement@example.com',
      type: 'virtual',
      status: 'active',
      brand: 'Verve',
      currency: 'NGN',
      replacementFor: exampleId(3),
      reason: 'lost',
      reference: 'EXAMPLE: a replacement for a lost card (delete this row)',
    }),
  ];
}

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
const csvCell = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The template: its header line and one example row per kind (CRLF, as spreadsheets write it). */
export const templateCsv = (now: Date = new Date()): string =>
  [BULK_COLUMNS.join(','), ...templateExamples(now).map((r) => BULK_COLUMNS.map((c) => csvCell(r[c])).join(','))]
    .map((line) => `${line}\r\n`)
    .join('');
