// `npm run release:sign -- --key FILE [--dir release] [--keys build/update-keys]`: signs every file of a
// built release (release-files.ts) with the Ed25519 private key in FILE (PKCS#8 PEM, e.g. made with
// `openssl genpkey -algorithm ed25519`), which never goes into the repository. Publish each `<file>.sig`
// beside its file on the update feed. Exit code 0 when all are signed; 1 naming what stopped it.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { errorMessage } from '../errors/error-message';
import { readUpdateKeys, signReleaseFolder } from './release-files';

const { values } = parseArgs({
  options: {
    key: { type: 'string' },
    dir: { type: 'string', default: 'release' },
    keys: { type: 'string', default: 'build/update-keys' },
  },
});
if (!values.key) {
  console.error('usage: npm run release:sign -- --key FILE [--dir release] [--keys build/update-keys]');
  process.exit(1);
}
try {
  const signed = await signReleaseFolder({
    folder: values.dir,
    privateKeyPem: readFileSync(values.key, 'utf8'),
    keys: readUpdateKeys(values.keys).map((k) => k.key),
  });
  for (const { file, version } of signed) console.log(`signed ${file} (${version}): ${file}.sig`);
} catch (e) {
  console.error(`release:sign: ${errorMessage(e)}`);
  process.exit(1);
}
