// Picking a bank by name where a bank code is asked: the input offers the banks Card Desk knows (a
// datalist of `Zenith Bank (057)`), and still takes a code typed by hand. `bankCodeFrom` (shared) turns
// what is in the box into the code that is sent.
import { bankByCode, bankChoiceText, bankCodeFrom, BANKS } from '../../../src-shared/api/banks';

export const BANK_LIST_ID = 'known-banks';

/** The options of every bank input on the page; render once beside them. */
export function BankOptions(): React.JSX.Element {
  return (
    <datalist id={BANK_LIST_ID}>
      {BANKS.map((b) => (
        <option key={b.code} value={bankChoiceText(b)} />
      ))}
    </datalist>
  );
}

/** What the box means, in words: the bank its code names, or that the code is not in the list. */
export function bankHint(typed: string): string {
  const text = typed.trim();
  if (!text) return 'Type a bank name or its code';
  const code = bankCodeFrom(text);
  const bank = bankByCode(code);
  if (bank) return `${bank.name}, code ${bank.code}`;
  return /^\d{3,6}$/.test(code) ? `Code ${code} (not in Card Desk's list of banks)` : 'Choose a bank from the list';
}
