// CSV formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with = + - @ (or
// a tab or carriage return, or their full-width forms) as a formula. Such text cells get a leading
// apostrophe; a plain negative number such as "-1250.5" is left as it is.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}
