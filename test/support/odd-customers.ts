// Customers a real service's data holds after years of many writers, each odd in one way the spec does not
// describe (docs/tolerant-reading.md): the independent server mixes them among its ordinary customers
// (`oddCustomers: true`), and each carries the word a search must find it by.
const RLO = '\u202E';
const ZWSP = '\u200B';
const ZWJ = '\u200D';

export interface OddCustomer {
  /** The record as the server sends it. */
  record: Record<string, unknown>;
  /** Typed into search, it finds this customer. */
  searchBy: string;
  /** The fields the log names for it (none: it reads as the spec describes). */
  unreadable: string[];
}

const at = (i: number) => new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString();
const oddId = (n: number) => `0dd${String(n).padStart(21, '0')}`;
const base = (n: number, name: string) => ({
  _id: oddId(n),
  type: 'individual',
  name,
  status: 'active',
  isApproved: true,
  phoneNumber: `+23481${String(70_000_000 + n).padStart(8, '0')}`,
  emailAddress: `odd${n}@example.test`,
  createdAt: at(n),
  updatedAt: at(n),
});

export const ODD_CUSTOMERS: OddCustomer[] = [
  {
    record: { ...base(1, 'Nullphone Adebayo'), phoneNumber: null },
    searchBy: 'Nullphone',
    unreadable: ['phoneNumber'],
  },
  {
    record: { ...base(2, 'Stringkyc Okonkwo'), isApproved: 'true' },
    searchBy: 'Stringkyc',
    unreadable: ['isApproved'],
  },
  (() => {
    const { emailAddress: _none, ...rest } = base(3, 'Noemail Chukwu');
    return { record: rest, searchBy: 'Noemail', unreadable: [] };
  })(),
  {
    record: { ...base(4, 'Baddate Nwachukwu'), createdAt: 'not a date' },
    searchBy: 'Baddate',
    unreadable: ['createdAt'],
  },
  {
    record: { ...base(5, 'Extrafield Obi'), loyaltyTier: { level: 'gold', since: 2019 } },
    searchBy: 'Extrafield',
    unreadable: [],
  },
  {
    record: base(6, `Longname ${'Ab'.repeat(9_995)}X`),
    searchBy: 'Longname',
    unreadable: [],
  },
  {
    // Shown as "Zerowidth Hiddenmark": the word on screen has no zero-width characters in it.
    record: base(7, `${RLO}Zero${ZWSP}width Hidden${ZWJ}mark`),
    searchBy: 'Zerowidth',
    unreadable: [],
  },
];

/** The 20,000-character name is exactly that long. */
export const LONG_NAME_LENGTH = (ODD_CUSTOMERS[5]!.record.name as string).length;

/** The ordinary customers with the odd ones placed among them, spread over several pages. */
export function withOddCustomers<T>(ordinary: readonly T[]): unknown[] {
  const all: unknown[] = [...ordinary];
  ODD_CUSTOMERS.forEach((odd, i) => {
    const place = Math.min(all.length, Math.round(((i + 1) * ordinary.length) / (ODD_CUSTOMERS.length + 1)) + i);
    all.splice(place, 0, odd.record);
  });
  return all;
}
