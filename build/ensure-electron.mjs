// Makes sure Electron's binary is installed before electron-vite starts the app (npm start, npm run dev).
// Electron 42+ fetches its binary on first use or through its own `install-electron` command, never in
// a postinstall script, and electron-vite only looks at node_modules/electron/path.txt. So this runs
// Electron's installer when the binary is missing, with a time limit, and on failure prints one line
// that says what failed and what to use instead, then exits non-zero.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const INSTALL_TIMEOUT_MS = Number(process.env.CARD_DESK_ELECTRON_INSTALL_TIMEOUT_MS) || 45_000;
const FALLBACK = 'run "npm run harness" to use the same app in a browser';

/** Where Electron's installer puts the executable inside dist/, as its install.js names it. */
function platformPath() {
  if (process.platform === 'darwin') return 'Electron.app/Contents/MacOS/Electron';
  if (process.platform === 'win32') return 'electron.exe';
  return 'electron';
}

/**
 * The installed executable, or null. Mirrors what electron-vite reads: ELECTRON_EXEC_PATH, else the path
 * in path.txt below dist/. A binary in dist/ without path.txt (an unpacked download, a copied build) gets
 * its path.txt written, as Electron's installer would.
 */
function installedExecutable(electronDir) {
  if (process.env.ELECTRON_EXEC_PATH) {
    return existsSync(process.env.ELECTRON_EXEC_PATH) ? process.env.ELECTRON_EXEC_PATH : null;
  }
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) {
    if (!existsSync(join(electronDir, 'dist', platformPath()))) return null;
    writeFileSync(pathFile, platformPath());
  }
  const executable = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(executable) ? executable : null;
}

/** The installer's first line of output that is not a stack frame, to name the cause in one line. */
function causeOf(result) {
  if (result.error?.code === 'ETIMEDOUT') return `no answer within ${INSTALL_TIMEOUT_MS / 1000} s`;
  if (result.error) return result.error.message;
  const lines = `${result.stderr ?? ''}\n${result.stdout ?? ''}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '));
  return lines[0] ?? `installer exited with code ${result.status}`;
}

function fail(message) {
  console.error(`Card Desk cannot start: ${message}; ${FALLBACK}.`);
  process.exit(1);
}

function main() {
  const require = createRequire(import.meta.url);
  let electronDir;
  try {
    electronDir = dirname(require.resolve('electron/package.json'));
  } catch {
    fail('the electron package is not installed (run "npm ci" first)');
    return;
  }
  if (installedExecutable(electronDir)) return;
  if (process.env.ELECTRON_EXEC_PATH)
    fail(`ELECTRON_EXEC_PATH names ${process.env.ELECTRON_EXEC_PATH}, which does not exist`);

  const { version, bin } = require(join(electronDir, 'package.json'));
  const installer = join(electronDir, bin?.['install-electron'] ?? 'install.js');
  console.log(`Installing Electron ${version}'s binary (npx install-electron)...`);
  const result = spawnSync(process.execPath, [installer], {
    cwd: electronDir,
    encoding: 'utf8',
    timeout: INSTALL_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status === 0 && installedExecutable(electronDir)) return;
  fail(`installing Electron ${version}'s binary failed (${causeOf(result)})`);
}

main();
