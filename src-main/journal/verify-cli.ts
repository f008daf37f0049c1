// `npm run journal:verify -- FILE.csv`: checks a journal export's chain of rows (export-chain.ts) with no
// app. Exit code 0 when every row matches; 1 naming the first row that does not; 2 when the file cannot be read.
import { readFileSync } from 'node:fs';
import { errorMessage } from '../errors/error-message';
import { verifyExport } from './export-chain';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run journal:verify -- FILE.csv');
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`Cannot read ${file}: ${errorMessage(e)}`);
  process.exit(2);
}
const check = verifyExport(text);
if (check.ok) {
  console.log(`${file}: the chain of ${check.rows} rows is intact.`);
  process.exit(0);
}
console.error(`${file}: ${check.bad!.problem}.`);
process.exit(1);
