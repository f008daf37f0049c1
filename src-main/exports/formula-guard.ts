// CSV formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that starts with = + - @ (or
// a tab or carriage return, or their full-width forms) as a formula. Such text cells get a leading
// apostrophe. Two shapes are left as people read them, because they hold only digits and separators (no
// function, no cell reference, nothing a spreadsheet could run): a plain negative number such as
// "-1250.5", and an international phone number such as "+2348031234567" or "+234 803 123-4567".
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const PHONE_NUMBER = /^\+\d[\d ()-]{5,22}\d$/;

export function guardFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) && !PHONE_NUMBER.test(text) ? `'${text}` : text;
}
