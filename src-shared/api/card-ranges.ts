// Which brand a card number belongs to, by its issuer number ranges (the first digits). A physical card's
// number must fit the brand chosen for it: a Visa number typed for a Verve card is refused, and the message
// names the brand the number belongs to. The forms, the IPC boundary, a file's rows and the sandbox all
// check through the POST /cards schema, which asks this.
import type { CARD_BRANDS } from './records';

type CardBrand = (typeof CARD_BRANDS)[number];

/** An inclusive range of number prefixes of one length ("506099" to "506198"). */
interface PrefixRange {
  from: string;
  to: string;
}

const range = (from: string, to = from): PrefixRange => ({ from, to });

/**
 * The brands' issuer ranges. Verve: 506099–506198, 507865–507964 and 650002–650027; AfriGo: 564;
 * Visa: 4; MasterCard: 51–55 and 2221–2720.
 */
export const BRAND_RANGES: Record<CardBrand, readonly PrefixRange[]> = {
  Verve: [range('506099', '506198'), range('507865', '507964'), range('650002', '650027')],
  AfriGo: [range('564')],
  Visa: [range('4')],
  MasterCard: [range('51', '55'), range('2221', '2720')],
};

/** The ranges of a brand as an operator reads them: "506099–506198, 507865–507964 or 650002–650027". */
export function rangesInWords(brand: CardBrand): string {
  const parts = BRAND_RANGES[brand].map((r) => (r.from === r.to ? r.from : `${r.from}–${r.to}`));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} or ${parts.at(-1)}` : parts[0]!;
}

const inRange = (digits: string, r: PrefixRange): boolean => {
  const head = digits.slice(0, r.from.length);
  return head.length === r.from.length && head >= r.from && head <= r.to;
};

/** The brand whose ranges hold this number, or null when none does. */
export function brandOfNumber(digits: string): CardBrand | null {
  for (const brand of Object.keys(BRAND_RANGES) as CardBrand[])
    if (BRAND_RANGES[brand].some((r) => inRange(digits, r))) return brand;
  return null;
}

/** "a Visa", "an AfriGo". */
export const aOrAn = (brand: string): string => `${/^[AEIOU]/.test(brand) ? 'an' : 'a'} ${brand}`;

/** A number that is a card number (PAN): 12 to 19 digits. A Visa card id is not one and is not checked here. */
export const isCardNumber = (s: string): boolean => /^\d{12,19}$/.test(s);

/**
 * Why a card number does not fit the brand, in the API's words, or null when it fits (or is not a card
 * number at all, such as a Visa card id).
 */
export function numberBrandProblem(number: string, brand: CardBrand): string | null {
  if (!isCardNumber(number)) return null;
  const owner = brandOfNumber(number);
  if (owner === brand) return null;
  if (owner) return `number is ${aOrAn(owner)} card number, not ${aOrAn(brand)} one`;
  return `number is not ${aOrAn(brand)} card number`;
}
