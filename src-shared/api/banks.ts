// Nigerian banks by CBN code, for the bank pickers (name enquiry, mapping a card to a bank account).
// A code not listed here is still accepted as typed: the list helps people, the API decides.

export interface Bank {
  code: string;
  name: string;
}

export const BANKS: readonly Bank[] = [
  { code: '044', name: 'Access Bank' },
  { code: '063', name: 'Access Bank (Diamond)' },
  { code: '023', name: 'Citibank Nigeria' },
  { code: '050', name: 'Ecobank Nigeria' },
  { code: '070', name: 'Fidelity Bank' },
  { code: '011', name: 'First Bank of Nigeria' },
  { code: '214', name: 'First City Monument Bank' },
  { code: '103', name: 'Globus Bank' },
  { code: '058', name: 'Guaranty Trust Bank' },
  { code: '030', name: 'Heritage Bank' },
  { code: '301', name: 'Jaiz Bank' },
  { code: '082', name: 'Keystone Bank' },
  { code: '50211', name: 'Kuda Microfinance Bank' },
  { code: '090267', name: 'Kuda Microfinance Bank (NIP)' },
  { code: '999992', name: 'OPay' },
  { code: '999991', name: 'PalmPay' },
  { code: '526', name: 'Parallex Bank' },
  { code: '076', name: 'Polaris Bank' },
  { code: '105', name: 'PremiumTrust Bank' },
  { code: '101', name: 'Providus Bank' },
  { code: '090286', name: 'Safe Haven Microfinance Bank' },
  { code: '221', name: 'Stanbic IBTC Bank' },
  { code: '068', name: 'Standard Chartered Bank' },
  { code: '232', name: 'Sterling Bank' },
  { code: '100', name: 'Suntrust Bank' },
  { code: '302', name: 'TAJ Bank' },
  { code: '102', name: 'Titan Trust Bank' },
  { code: '032', name: 'Union Bank of Nigeria' },
  { code: '033', name: 'United Bank for Africa' },
  { code: '215', name: 'Unity Bank' },
  { code: '035', name: 'Wema Bank' },
  { code: '057', name: 'Zenith Bank' },
];

const BY_CODE = new Map(BANKS.map((b) => [b.code, b]));

/** The bank with this code, or undefined. */
export const bankByCode = (code: string): Bank | undefined => BY_CODE.get(code.trim());

/** `Zenith Bank (057)`, the text a picker shows and accepts. */
export const bankChoiceText = (b: Bank): string => `${b.name} (${b.code})`;

/**
 * The code meant by what was typed or picked: a bare code as it is, `Zenith Bank (057)` as its code, a
 * bank's name, or a part of it only one bank's name has (any case), as that bank's code; anything else
 * unchanged, for the code's own rule to judge.
 */
export function bankCodeFrom(input: string): string {
  const text = input.trim();
  const inBrackets = /\((\d{3,6})\)\s*$/.exec(text);
  if (inBrackets) return inBrackets[1]!;
  if (/^\d+$/.test(text)) return text;
  const lower = text.toLowerCase();
  const exact = BANKS.find((b) => b.name.toLowerCase() === lower);
  if (exact) return exact.code;
  const partial = text.length >= 3 ? BANKS.filter((b) => b.name.toLowerCase().includes(lower)) : [];
  return partial.length === 1 ? partial[0]!.code : text;
}
