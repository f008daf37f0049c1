// The operator's words for the API's fields and rules: "Choose a customer", not "customerId is required".
// The request schemas speak the API's language (the sandbox answers with it, as the service does); the
// forms, the IPC boundary and errors from the service are shown through `inOperatorWords`.
import { aOrAn, rangesInWords } from './card-ranges';
import { CARD_BRANDS } from './records';

/** What each request field is called on screen. */
export const FIELD_WORDS: Record<string, string> = {
  customerId: 'customer',
  debitAccountId: 'debit account',
  number: 'card number',
  amount: 'amount',
  expirationDate: 'expiry date',
  fundingSourceId: 'funding source',
  bankCode: 'bank code',
  accountNumber: 'account number',
  replacementFor: 'card to replace',
  reason: 'reason',
  type: 'type',
  currency: 'currency',
  accountType: 'account type',
  status: 'status',
  brand: 'brand',
  issuerCountry: 'issuer country',
  interval: 'interval',
  cardId: 'card id',
  key: 'API key',
  minAmount: 'lowest amount',
  maxAmount: 'highest amount',
  fromDate: 'start date',
  toDate: 'end date',
};

/** Whole messages of the shared rules, as an operator would say them. */
const SAID: Record<string, string> = {
  'customerId is required': 'Choose a customer',
  'customerId must be a 24-character id': 'A customer id has 24 characters (0-9 and a-f)',
  'customerId is not a known customer': 'The service does not know this customer: choose another',
  'debitAccountId is required for a virtual card': 'Choose the account the card draws on',
  'debitAccountId must be a 24-character id': 'Choose the account the card draws on from the list',
  'number is required for a physical card': 'Enter the card number printed on the card',
  'number must be a 16 to 19 digit card number': 'A card number has 16 to 19 digits',
  'number is not a valid card number (Luhn check failed)':
    'This is not a valid card number: a digit is wrong or missing (the check digit does not match)',
  'amount is required for a MasterCard': 'Enter a funding amount: a MasterCard needs one',
  'amount is required': 'Enter an amount',
  'amount must be more than 0': 'The amount must be more than 0',
  'amount is more than the available balance of the account the card draws on':
    'The amount is more than the available balance of the account the card draws on: enter less, or choose another account',
  'amount must be a number': 'Enter the amount as a number, such as 1500.50',
  'amount has more than 2 decimal places': 'An amount has at most 2 decimal places (kobo or cents), such as 1500.50',
  'accountNumber is required to map a card to a bank account': 'Enter the account number of the bank account',
  'bankCode is required to map a card to a bank account': 'Choose the bank, or type its code',
  'replacementFor is required to replace a card': 'Choose the card to replace',
  'reason is required to replace a card': 'Choose why the card is replaced: lost or stolen',
  'fundingSourceId is required to map a card to a funding source': 'Choose a funding source',
  'fundingSourceId is not a known funding source': 'The service does not know this funding source: choose another',
  'accountNumber is not an account that name enquiry can resolve at this bankCode':
    'No account with this number was found at this bank: check the bank and the account number',
  'replacementFor is not a known card': 'The service does not know the card to replace: choose another',
  'replacementFor is already canceled': 'The card to replace is already cancelled: choose another card',
  'replacementFor must be a card of the same customer':
    'The card to replace belongs to another customer: choose one of theirs',
  'expirationDate must be MMM-YYYY, for example Jan-2029':
    'Enter the expiry as a month and a year, such as Jan-2029 or 01/29',
  'expirationDate is in the past': 'The expiry date is in the past',
  'expirationDate is more than 3 years ahead': 'The expiry date is more than 3 years ahead',
  'expirationDate is only allowed for Visa cards': 'Only a Visa card takes an expiry date',
  'bankCode is required': 'Enter the bank code, or choose the bank',
  'bankCode must be 3 to 6 digits': 'A bank code has 3 to 6 digits',
  'accountNumber is required': 'Enter the account number',
  'accountNumber must be 10 digits': 'An account number has 10 digits',
  'type is required': 'Choose a type',
  'currency is required': 'Choose a currency',
  'accountType is required': 'Choose savings or current',
  'fromDate must not be after toDate': 'The start date must not be after the end date',
  'minAmount must not be more than maxAmount': 'The lowest amount must not be more than the highest',
  'proxy host is required': 'Enter the proxy host, such as proxy.example.com',
  'proxy host must be at most 253 characters': 'A proxy host has at most 253 characters',
  'proxy host must be a host name or IP address, such as proxy.example.com':
    'Enter the proxy host as a name or an address only, such as proxy.example.com (no http:// and no path)',
  'proxy port is required': 'Enter the proxy port, such as 8080',
  'proxy port must be a whole number': 'Enter the proxy port as a whole number, such as 8080',
  'proxy port must be between 1 and 65535': 'A proxy port is a number from 1 to 65535',
  'proxy user name must be at most 256 characters': 'A proxy user name has at most 256 characters',
  'passcode must be at least 4 characters': 'A passcode has at least 4 characters',
  'passcode must be at most 200 characters': 'A passcode has at most 200 characters',
  'baseUrl is required': 'Enter the base URL',
  'baseUrl must use https (http is allowed only for 127.0.0.1, ::1 or localhost)':
    'The base URL must start with https:// (http:// only for this computer: 127.0.0.1, ::1 or localhost)',
  'baseUrl must be a full URL such as https://api.example.com':
    'Enter the whole base URL, such as https://api.example.com',
  'baseUrl must not contain a user name or password': 'The base URL must not contain a user name or password',
};

type Brand = (typeof CARD_BRANDS)[number];
const brandOf = (s: string | undefined): Brand | undefined => CARD_BRANDS.find((b) => b === s);

/** Messages that carry a value (a brand), as an operator would say them. */
const SAID_OF_PATTERN: [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^number is an? (\w+) card number, not an? (\w+) one$/,
    (m) =>
      `This is ${aOrAn(m[1]!)} card number, not ${aOrAn(m[2]!)} one: check the number, or choose ${m[1]} as the brand`,
  ],
  [
    /^number is not an? (\w+) card number$/,
    (m) => {
      const brand = brandOf(m[1]);
      return brand
        ? `This is not ${aOrAn(brand)} card number: ${brand} numbers start with ${rangesInWords(brand)}`
        : `This is not ${aOrAn(m[1]!)} card number`;
    },
  ],
];

const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** The on-screen name of a field path such as `spendingControls.spendingLimits.0.amount`. */
export function fieldWords(path: string): string | null {
  const last =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path;
  return FIELD_WORDS[last] ?? null;
}

/**
 * A rule's message in the operator's words. Known messages are said as a person would; otherwise a
 * message that starts with the field's API name starts with its on-screen name instead. Messages about
 * fields this table does not know pass through unchanged.
 */
export function inOperatorWords(field: string | undefined, message: string): string {
  const exact = SAID[message];
  if (exact) return exact;
  for (const [pattern, say] of SAID_OF_PATTERN) {
    const m = pattern.exec(message);
    if (m) return say(m);
  }
  if (!field) return message;
  const apiName =
    field
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? field;
  const words = fieldWords(field);
  if (!words || !message.startsWith(`${apiName} `)) return message;
  const rest = message.slice(apiName.length + 1);
  if (rest === 'is required') return `Enter the ${words}`;
  const oneOf = /^must be one of (.+)$/.exec(rest);
  if (oneOf) return `Choose the ${words}: one of ${oneOf[1]}`;
  const said = SAID[`${apiName} ${rest}`];
  return said ?? `${capitalize(`the ${words}`)} ${rest}`;
}
