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
  debitAccountId: ['debitaccount', 'debitaccountid', 'debitfrom', 'sourceaccount'],
  fundingSourceId: ['fundingsource', 'fundingsourceid', 'funding'],
  accountId: ['account', 'accountid', 'mapaccount', 'bankaccount'],
  spendingLimit: ['limit', 'spendlimit', 'spendinglimitamount', 'limitamount', 'cardlimit'],
  spendingInterval: ['interval', 'limitinterval', 'spendinginterval', 'limitperiod', 'period'],
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

/** The template: its header line (CRLF, as spreadsheets write it). */
export const templateCsv = (): string => `${BULK_COLUMNS.join(',')}\r\n`;
