// `npm run package:deb [-- electron-builder options]`: the Debian package, built on this machine without
// any download. electron-builder's own `deb` target does the work (unpacked app, fuses, desktop entry,
// icons, maintainer scripts, Depends, update feed files); the one tool it would download, fpm, is
// replaced by build/dpkg-deb-fpm.mjs, which packs the same files with Debian's dpkg-deb.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', 'node_modules', 'electron-builder', 'cli.js');
const result = spawnSync(process.execPath, [cli, '--linux', 'deb', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CUSTOM_FPM_PATH: join(here, 'dpkg-deb-fpm.mjs') },
});
if (result.error) console.error(`electron-builder could not run: ${result.error.message}`);
process.exit(result.status ?? 1);
