// What the build puts into the main bundle as `card-desk:build/update-keys` (electron.vite.config.ts), for
// main run from its sources under vitest: the public keys in build/update-keys, read from the sources.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('../build/update-keys/', import.meta.url));
export const UPDATE_PUBLIC_KEYS: readonly string[] = readdirSync(folder)
  .filter((name) => name.endsWith('.pem'))
  .sort()
  .map((name) => readFileSync(`${folder}${name}`, 'utf8'));
