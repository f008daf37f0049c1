// `npm run package:deb -- -c.electronDist=FOLDER` as our machines run it: a real Debian package built
// without any download (electron-builder's deb target, packed by Debian's dpkg-deb), then installed,
// started, removed and upgraded with dpkg on this machine. The Electron in FOLDER is a stand-in shell
// script that records each start in the user's data folder, as the app does. The packages are built with
// a test release key in build/update-keys and signed with `npm run release:sign`, and an update is
// installed through the package's own root step, run as the app runs it (deb-root-step.ts): a signed
// update is installed; one signed by another key, one swapped for another file, and an older one are not.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRootStep } from '../../src-main/updates/deb-root-step';
import { releaseKey, signatureFor } from '../support/release-keys';
import { copyOfRepo, run } from './fake-project';
import { standInElectronDist } from './stand-in-electron';

const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const INSTALL_DIR = '/opt/Card Desk';
const DESKTOP_FILE = '/usr/share/applications/card-desk.desktop';
/** What the stand-in does: appends a line to the data folder, where the app keeps its files. */
const STAND_IN = [
  'data="${XDG_CONFIG_HOME:-$HOME/.config}/card-desk"',
  'mkdir -p "$data"',
  'echo "started $(basename "$0") $*" >> "$data/starts.log"',
  'echo "stand-in Electron"',
].join('\n');

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
}

/** Why the install tests cannot run here, or null. */
function cannotInstall(): string | null {
  if (!has('dpkg')) return 'no dpkg on this machine (not Debian)';
  if (process.getuid?.() !== 0) return 'installing with dpkg needs root (CI runs as root)';
  if (spawnSync('dpkg-query', ['-W', 'card-desk']).status === 0) {
    return 'a card-desk package is already installed here; the test will not replace it';
  }
  return null;
}
const installSkip = cannotInstall();
if (installSkip) console.warn(`deb.test.ts: install, start, remove and upgrade skipped: ${installSkip}`);

let repo: ReturnType<typeof copyOfRepo>;
let electronDist: string;
let debs: string;
let first: string;
let next: string;
/** The release key the packages are built with (its public half in build/update-keys), and another. */
const publisher = releaseKey();
const stranger = releaseKey();
const ROOT_STEP = { helper: `${INSTALL_DIR}/resources/install-update.sh`, asRoot: true };

/** Builds the .deb, signs the release with `npm run release:sign`, and keeps the .deb, its .sig and feed file. */
async function packageDeb(extra: string[] = []): Promise<string> {
  const r = await run('npm', ['run', 'package:deb', '--', `-c.electronDist=${electronDist}`, ...extra], {
    cwd: repo.dir,
  });
  if (r.code !== 0) throw new Error(`npm run package:deb failed:\n${r.stdout}\n${r.stderr}`);
  const signed = await run('npm', ['run', 'release:sign', '--', '--key', join(debs, 'release.key')], { cwd: repo.dir });
  if (signed.code !== 0) throw new Error(`npm run release:sign failed:\n${signed.stdout}\n${signed.stderr}`);
  const built = readdirSync(join(repo.dir, 'release')).filter((name) => name.endsWith('.deb'));
  expect(built).toHaveLength(1);
  const kept = join(debs, built[0]!);
  cpSync(join(repo.dir, 'release', built[0]!), kept);
  cpSync(join(repo.dir, 'release', `${built[0]!}.sig`), `${kept}.sig`);
  cpSync(join(repo.dir, 'release', 'latest-linux.yml'), `${kept}.latest-linux.yml`);
  rmSync(join(repo.dir, 'release'), { recursive: true, force: true });
  return kept;
}

function sh(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(command, args, { encoding: 'utf8', env });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** dpkg, waiting while another dpkg or apt on the machine holds its lock. */
async function dpkg(...args: string[]) {
  for (let tries = 0; ; tries++) {
    const r = sh('dpkg', args);
    if (r.code === 0 || !/lock/i.test(r.out) || tries >= 120) return r;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function field(deb: string, name: string): string {
  return sh('dpkg-deb', ['-f', deb, name]).out.trim();
}

beforeAll(async () => {
  repo = copyOfRepo('card-desk-deb-');
  // The packages are built with the test's release key in place of the project's.
  const keys = join(repo.dir, 'build/update-keys');
  for (const pem of readdirSync(keys).filter((name) => name.endsWith('.pem'))) rmSync(join(keys, pem));
  writeFileSync(join(keys, 'current.pem'), publisher.pem);
  electronDist = standInElectronDist(STAND_IN);
  debs = mkdtempSync(join(tmpdir(), 'card-desk-debs-'));
  writeFileSync(join(debs, 'release.key'), publisher.privateKey.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  first = await packageDeb();
  next = await packageDeb(['-c.extraMetadata.version=0.1.1']);
}, 600_000);
afterAll(() => {
  repo?.remove();
  for (const dir of [electronDist, debs]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Debian package', () => {
  it('is named after the app and its version, for this architecture, and depends on libsecret-1-0', () => {
    const arch = sh('dpkg', ['--print-architecture']).out.trim();
    expect(first.endsWith(`card-desk_0.1.0_${arch}.deb`)).toBe(true);
    expect(next.endsWith(`card-desk_0.1.1_${arch}.deb`)).toBe(true);
    expect([field(first, 'Package'), field(first, 'Version'), field(first, 'Architecture')]).toEqual([
      'card-desk',
      '0.1.0',
      arch,
    ]);
    expect(field(next, 'Version')).toBe('0.1.1');
    const depends = field(first, 'Depends').split(/,\s*/);
    expect(depends).toEqual(expect.arrayContaining(['libsecret-1-0', 'libgtk-3-0', 'libnss3', 'openssl']));
    expect(field(first, 'Maintainer')).toBe('Card Desk <support@carddesk.example>');
    expect(field(first, 'Description')).toMatch(/^Back office for cards, accounts and customers\n /);
  });

  it('holds the app under /opt, a desktop entry that desktop-file-validate accepts, and the hicolor icons', () => {
    const files = sh('dpkg-deb', ['-c', first]).out;
    expect(files).toContain(`.${INSTALL_DIR}/card-desk\n`);
    expect(files).toContain(`.${INSTALL_DIR}/resources/app.asar\n`);
    expect(files).toContain(`.${DESKTOP_FILE}\n`);
    for (const size of ICON_SIZES) {
      expect(files).toContain(`./usr/share/icons/hicolor/${size}x${size}/apps/card-desk.png\n`);
    }
    const unpacked = mkdtempSync(join(tmpdir(), 'card-desk-deb-x-'));
    try {
      expect(sh('dpkg-deb', ['-x', first, unpacked]).code).toBe(0);
      const entry = join(unpacked, DESKTOP_FILE);
      expect(sh('desktop-file-validate', [entry])).toEqual({ code: 0, out: '' });
      const text = readFileSync(entry, 'utf8');
      expect(text).toContain(`Exec="${INSTALL_DIR}/card-desk" %U\n`);
      expect(text).toContain('Icon=card-desk\n');
      expect(text).toContain('Categories=Office;Finance;\n');
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  it('carries its update feed, and the feed file beside it names its version and SHA-512', () => {
    const unpacked = mkdtempSync(join(tmpdir(), 'card-desk-deb-feed-'));
    try {
      expect(sh('dpkg-deb', ['-x', first, unpacked]).code).toBe(0);
      const config = readFileSync(join(unpacked, INSTALL_DIR, 'resources/app-update.yml'), 'utf8');
      expect(config).toMatch(/^provider: generic$/m);
      expect(config).toMatch(/^url: https:\/\/updates\.carddesk\.example\/card-desk$/m);
      expect(readFileSync(join(unpacked, INSTALL_DIR, 'resources/package-type'), 'utf8').trim()).toBe('deb');
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
    const feed = readFileSync(`${next}.latest-linux.yml`, 'utf8');
    const sha512 = createHash('sha512').update(readFileSync(next)).digest('base64');
    expect(feed).toMatch(/^version: 0\.1\.1$/m);
    expect(feed).toContain(`url: ${basename(next)}`);
    expect(feed).toContain(`sha512: ${sha512}`);
  });

  it('carries the update root step, root-owned and executable, the keys it checks with, and its polkit action', () => {
    const listing = sh('dpkg-deb', ['-c', first]).out;
    const entry = (path: string) => listing.split('\n').find((line) => line.endsWith(` .${path}`)) ?? '';
    expect(entry(`${INSTALL_DIR}/resources/install-update.sh`)).toMatch(/^-rwxr-xr-x root\/root /);
    expect(entry(`${INSTALL_DIR}/resources/update-keys/current.pem`)).toMatch(/^-rw-r--r-- root\/root /);
    const unpacked = mkdtempSync(join(tmpdir(), 'card-desk-deb-step-'));
    try {
      expect(sh('dpkg-deb', ['-x', first, unpacked]).code).toBe(0);
      expect(readFileSync(join(unpacked, INSTALL_DIR, 'resources/update-keys/current.pem'), 'utf8')).toBe(
        publisher.pem,
      );
      expect(readdirSync(join(unpacked, INSTALL_DIR, 'resources/update-keys'))).toEqual(['current.pem']);
      const action = readFileSync(
        join(unpacked, 'usr/share/polkit-1/actions/com.carddesk.desktop.install-update.policy'),
        'utf8',
      );
      expect(action).toContain(
        `<annotate key="org.freedesktop.policykit.exec.path">${INSTALL_DIR}/resources/install-update.sh</annotate>`,
      );
      expect(action).toContain('<allow_active>auth_admin</allow_active>');
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  it("has maintainer scripts that never touch a user's folders", () => {
    const control = mkdtempSync(join(tmpdir(), 'card-desk-deb-control-'));
    try {
      expect(sh('dpkg-deb', ['-e', first, control]).code).toBe(0);
      const scripts = readdirSync(control).filter((name) => /^(pre|post)(inst|rm)$/.test(name));
      expect(scripts.sort()).toEqual(['postinst', 'postrm']);
      for (const script of scripts) {
        expect(readFileSync(join(control, script), 'utf8')).not.toMatch(/HOME|\/home|\.config|XDG_|card-desk\/|rm -rf/);
      }
    } finally {
      rmSync(control, { recursive: true, force: true });
    }
  });
});

describe.skipIf(installSkip !== null)(`installed with dpkg${installSkip ? ` (skipped: ${installSkip})` : ''}`, () => {
  let home: string;
  let data: string;
  const user = () => ({ ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') });

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'card-desk-deb-home-'));
    data = join(home, '.config', 'card-desk');
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'settings.json'), '{"written":"before install"}');
  });
  afterAll(async () => {
    await dpkg('--purge', 'card-desk');
    rmSync(home, { recursive: true, force: true });
  });

  it('installs, puts the launcher and icons where the desktop looks, and the launcher starts Electron', async () => {
    const install = await dpkg('-i', first);
    expect(install.code, install.out).toBe(0);
    expect(sh('dpkg-query', ['-W', '-f', '${Status} ${Version}', 'card-desk']).out).toBe('install ok installed 0.1.0');
    expect(existsSync(DESKTOP_FILE)).toBe(true);
    expect(existsSync('/usr/share/icons/hicolor/256x256/apps/card-desk.png')).toBe(true);
    expect(sh('desktop-file-validate', [DESKTOP_FILE])).toEqual({ code: 0, out: '' });

    const onPath = sh('card-desk', ['--from-path'], user());
    expect(onPath).toEqual({ code: 0, out: 'stand-in Electron\n' });
    // The desktop entry's Exec line, as a menu starts it.
    const exec = /^Exec=(.*)$/m.exec(readFileSync(DESKTOP_FILE, 'utf8'))![1]!.replace('%U', '--from-menu');
    expect(sh('sh', ['-c', exec], user()).code).toBe(0);
    expect(readFileSync(join(data, 'starts.log'), 'utf8')).toBe(
      'started card-desk --from-path\nstarted card-desk --from-menu\n',
    );
  });

  it('is removed by dpkg -r, which leaves the data folder as it was', async () => {
    const remove = await dpkg('-r', 'card-desk');
    expect(remove.code, remove.out).toBe(0);
    expect(existsSync(INSTALL_DIR)).toBe(false);
    expect(existsSync(DESKTOP_FILE)).toBe(false);
    expect(sh('sh', ['-c', 'command -v card-desk']).code).not.toBe(0);
    expect(readFileSync(join(data, 'settings.json'), 'utf8')).toBe('{"written":"before install"}');
    expect(readFileSync(join(data, 'starts.log'), 'utf8')).toContain('started card-desk');
  });

  it('upgrades in place to the next version and keeps the data folder', async () => {
    expect((await dpkg('-i', first)).code).toBe(0);
    const upgrade = await dpkg('-i', next);
    expect(upgrade.code, upgrade.out).toBe(0);
    expect(sh('dpkg-query', ['-W', '-f', '${Status} ${Version}', 'card-desk']).out).toBe('install ok installed 0.1.1');
    expect(sh('card-desk', ['--after-upgrade'], user())).toEqual({ code: 0, out: 'stand-in Electron\n' });
    expect(readFileSync(join(data, 'settings.json'), 'utf8')).toBe('{"written":"before install"}');
    expect(readFileSync(join(data, 'starts.log'), 'utf8')).toMatch(/started card-desk --after-upgrade\n$/);

    const purge = await dpkg('--purge', 'card-desk');
    expect(purge.code, purge.out).toBe(0);
    expect(readFileSync(join(data, 'settings.json'), 'utf8')).toBe('{"written":"before install"}');
  });
});

describe.skipIf(installSkip !== null)(
  `an update installed through the root step${installSkip ? ` (skipped: ${installSkip})` : ''}`,
  () => {
    let cache: string;
    const installed = () => sh('dpkg-query', ['-W', '-f', '${Status} ${Version}', 'card-desk']).out;
    /** The update as electron-updater leaves it: a file and its signature in the user's own cache. */
    const inCache = (deb: string, signature: string) => {
      const file = join(cache, basename(next));
      cpSync(deb, file);
      writeFileSync(`${file}.sig`, signature);
      return { file, sig: `${file}.sig` };
    };

    beforeAll(async () => {
      cache = mkdtempSync(join(tmpdir(), 'card-desk-deb-cache-'));
      await dpkg('--purge', 'card-desk');
      const install = await dpkg('-i', first);
      expect(install.code, install.out).toBe(0);
    });
    afterAll(async () => {
      await dpkg('--purge', 'card-desk');
      rmSync(cache, { recursive: true, force: true });
    });

    it('refuses an update signed by another key, and one swapped for another file after its check', async () => {
      const otherKey = inCache(next, signatureFor(stranger, '0.1.1', readFileSync(next), basename(next)));
      await expect(runRootStep(ROOT_STEP, otherKey.file, otherKey.sig)).rejects.toMatchObject({
        kind: 'refused',
        message: `signed with the key ${stranger.fingerprint}, not one of this Card Desk's keys: ${publisher.fingerprint}`,
      });
      // A real Card Desk package (the installed 0.1.0) in place of the file the signature names.
      const swapped = inCache(first, readFileSync(`${next}.sig`, 'utf8'));
      await expect(runRootStep(ROOT_STEP, swapped.file, swapped.sig)).rejects.toMatchObject({
        kind: 'refused',
        message: 'the package is not the file that was signed (its SHA-512 differs)',
      });
      expect(installed()).toBe('install ok installed 0.1.0');
    });

    it('installs a signed update from the root-owned copy it checked, and it starts', async () => {
      const update = inCache(next, readFileSync(`${next}.sig`, 'utf8'));
      await runRootStep(ROOT_STEP, update.file, update.sig);
      expect(installed()).toBe('install ok installed 0.1.1');
      const home = { ...process.env, HOME: cache, XDG_CONFIG_HOME: join(cache, '.config') };
      expect(sh('card-desk', ['--after-update'], home)).toEqual({ code: 0, out: 'stand-in Electron\n' });
      // Its copies are gone; the folder it made them in is root's alone.
      expect(readdirSync('/var/lib/card-desk/updates')).toEqual([]);
      expect(sh('stat', ['-c', '%U %a', '/var/lib/card-desk/updates']).out.trim()).toBe('root 700');
    });

    it('never goes back to an older version, even one correctly signed', async () => {
      expect(installed()).toBe('install ok installed 0.1.1');
      const older = inCache(first, readFileSync(`${first}.sig`, 'utf8'));
      await expect(runRootStep(ROOT_STEP, older.file, older.sig)).rejects.toMatchObject({
        kind: 'refused',
        message: '0.1.0 is not newer than the installed 0.1.1',
      });
      expect(installed()).toBe('install ok installed 0.1.1');
    });
  },
);
