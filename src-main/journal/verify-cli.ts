// `npm run journal:verify -- FILE.csv --key FINGERPRINT`: checks a journal export (export-chain.ts) with no
// app: signed by the desk whose key's fingerprint is given (Settings → About shows it), every row's signature,
// and the chain of rows. Exit code 0 when all match; 1 naming the first row that does not, or the key that
// signed the file instead; 2 when the file cannot be read or the command is not complete.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { errorMessage } from '../errors/error-message';
import { verifyExport } from './export-chain';
import { groupedFingerprint, normalizedFingerprint } from './export-signature';

const USAGE =
  "usage: npm run journal:verify -- FILE.csv --key FINGERPRINT\n  FINGERPRINT: the desk's export key, as Settings → About shows it (64 hex digits; spaces and colons are ignored)";

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({ args: process.argv.slice(2), options: { key: { type: 'string' } }, allowPositionals: true });
}
try {
  args = parse();
} catch (e) {
  usage(errorMessage(e));
}
const file = args.positionals[0];
if (!file) usage('Name the exported file.');
if (args.values.key === undefined)
  usage(
    'Give the fingerprint of the desk key the file must be signed with (--key): without it, anyone could have signed it.',
  );
const key = normalizedFingerprint(args.values.key);
if (!key) usage(`--key ${args.values.key} is not a fingerprint: it must be 64 hex digits.`);

let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (e) {
  console.error(`Cannot read ${file}: ${errorMessage(e)}`);
  process.exit(2);
}
const check = verifyExport(text, key);
if (check.ok) {
  console.log(
    `${file}: the chain of ${check.rows} rows is intact and signed by the desk key ${groupedFingerprint(key)}.`,
  );
  process.exit(0);
}
console.error(`${file}: ${check.bad!.problem}.`);
process.exit(1);
