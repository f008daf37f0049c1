// A throw-away project folder holding build/ensure-electron.mjs and a copy of the installed electron
// package (its installer and launcher, without any binary), so the start-up check can be run against
// "Electron installed" and "Electron missing" without touching the repository's own node_modules.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');
const ELECTRON_PACKAGE_FILES = ['package.json', 'install.js', 'index.js', 'cli.js', 'checksums.json'];

export interface FakeProject {
  dir: string;
  electronDir: string;
  remove(): void;
}

export function fakeProject(): FakeProject {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-start-'));
  mkdirSync(join(dir, 'build'));
  cpSync(join(REPO, 'build/ensure-electron.mjs'), join(dir, 'build/ensure-electron.mjs'));
  const electronDir = join(dir, 'node_modules/electron');
  mkdirSync(electronDir, { recursive: true });
  for (const file of ELECTRON_PACKAGE_FILES) cpSync(join(REPO, 'node_modules/electron', file), join(electronDir, file));
  // The installer's own dependencies (@electron/get, the zip extractor) come from the repository.
  for (const scope of ['@electron', '@electron-internal']) {
    symlinkSync(join(REPO, 'node_modules', scope), join(dir, 'node_modules', scope), 'dir');
  }
  return { dir, electronDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Puts a stand-in executable where Electron keeps its binary, as its installer would (dist/ + path.txt). */
export function placeStandIn(electronDir: string, script: string): string {
  mkdirSync(join(electronDir, 'dist'), { recursive: true });
  const executable = join(electronDir, 'dist/electron');
  writeFileSync(executable, script, { mode: 0o755 });
  writeFileSync(join(electronDir, 'path.txt'), 'electron');
  return executable;
}

/**
 * A copy of the repository's files (tracked and new, not ignored) in a temporary folder, sharing the
 * repository's node_modules, so a test can build and package there without touching out/ or release/.
 */
export function copyOfRepo(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: REPO, encoding: 'utf8' });
  // A worktree's node_modules may be a link to another checkout's (not a folder, so not ignored): it is linked below.
  for (const file of files.split('\n').filter((f) => f && f !== 'node_modules')) {
    if (!existsSync(join(REPO, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(REPO, file), join(dir, file));
  }
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end and collects its output. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Run> {
  return new Promise((done, failed) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', failed);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}
