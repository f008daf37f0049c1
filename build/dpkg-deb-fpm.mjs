#!/usr/bin/env node
// The part of fpm that electron-builder's own `deb` target uses, done with Debian's `dpkg-deb`.
// electron-builder builds a .deb by running fpm, which it downloads (a Ruby bundle from GitHub) unless
// CUSTOM_FPM_PATH names a program to run instead; build/package-deb.mjs points it here. Everything else
// stays electron-builder's: the unpacked app, the desktop entry, the hicolor icons, the maintainer
// scripts (after-install / after-remove), the default Depends (libsecret-1-0 among them) and the file
// name. This program only lays those files out and writes the control file. An option it does not know
// stops the build with its name, so a setting fpm would honour is never dropped silently.
//
// Arguments, as electron-builder's FpmTarget passes them:
//   -s dir -t deb --force [--log L] [--debug] [-d DEP]... [--deb-recommends DEP]... [--deb-compression xz|gz|bzip2|none]
//   --architecture A --after-install FILE --after-remove FILE --description TEXT --version V --package OUT.deb
//   --name N --maintainer M --vendor V --url URL [--category C] [--deb-priority P] [--license L] [--iteration N]
//   SOURCE=DEST...   (a SOURCE ending in / copies the folder's content into DEST)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const VALUE_OPTIONS = new Set([
  '-s',
  '-t',
  '-d',
  '--log',
  '--deb-recommends',
  '--deb-compression',
  '--architecture',
  '--after-install',
  '--after-remove',
  '--description',
  '--version',
  '--package',
  '--name',
  '--maintainer',
  '--vendor',
  '--url',
  '--category',
  '--deb-priority',
  '--license',
  '--iteration',
]);
const FLAGS = new Set(['--force', '--debug']);
const COMPRESSION = { xz: 'xz', gz: 'gzip', gzip: 'gzip', zstd: 'zstd', none: 'none' };

/** fpm's arguments as { options, depends, recommends, mappings }; throws naming an unknown option. */
export function parseFpmArgs(argv) {
  const options = {};
  const depends = [];
  const recommends = [];
  const mappings = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (FLAGS.has(arg)) continue;
    if (VALUE_OPTIONS.has(arg)) {
      const value = argv[++i];
      if (value === undefined) throw new Error(`fpm option ${arg} needs a value`);
      if (arg === '-d') depends.push(value);
      else if (arg === '--deb-recommends') recommends.push(value);
      else options[arg.replace(/^-+/, '')] = value;
      continue;
    }
    if (arg.startsWith('-')) throw new Error(`fpm option ${arg} is not supported by the dpkg-deb builder`);
    const at = arg.indexOf('=');
    if (at <= 0) throw new Error(`expected SOURCE=DEST, got ${arg}`);
    mappings.push({ source: arg.slice(0, at), dest: arg.slice(at + 1) });
  }
  if (options.s !== 'dir' || options.t !== 'deb') throw new Error('only -s dir -t deb is supported');
  for (const required of ['name', 'version', 'architecture', 'package', 'maintainer', 'description']) {
    if (!options[required]) throw new Error(`fpm option --${required} is missing`);
  }
  return { options, depends, recommends, mappings };
}

/** The control file's text (deb-control(5)): one field a line, the description's lines indented. */
export function controlText({ options, depends, recommends }, installedSizeKiB) {
  const [synopsis, ...rest] = options.description.split('\n');
  const longLines = rest.map((line) => line.trim()).map((line) => ` ${line === '' ? '.' : line}`);
  const version = options.iteration ? `${options.version}-${options.iteration}` : options.version;
  const fields = [
    ['Package', options.name],
    ['Version', version],
    ['Architecture', options.architecture],
    ['Maintainer', options.maintainer],
    ['Installed-Size', String(installedSizeKiB)],
    ['Depends', depends.join(', ')],
    ['Recommends', recommends.join(', ')],
    ['Section', options.category],
    ['Priority', options['deb-priority'] ?? 'optional'],
    ['Homepage', options.url],
    ['Description', [synopsis.trim(), ...longLines].join('\n')],
  ];
  return `${fields
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n`;
}

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/** Lays out the package's files below root: SOURCE/ copies a folder's content, SOURCE a file or folder. */
function stage(root, mappings) {
  for (const { source, dest } of mappings) {
    const target = join(root, dest);
    mkdirSync(source.endsWith('/') ? target : dirname(target), { recursive: true });
    cpSync(source.endsWith('/') ? source.slice(0, -1) : source, target, {
      recursive: true,
      verbatimSymlinks: true,
      preserveTimestamps: true,
    });
  }
}

/** Builds the .deb; returns its path. */
export function buildDeb(argv) {
  const spec = parseFpmArgs(argv);
  const root = mkdtempSync(join(tmpdir(), 'card-desk-deb-'));
  try {
    stage(root, spec.mappings);
    let bytes = 0;
    const sums = [];
    for (const file of filesUnder(root)) {
      const stats = lstatSync(file);
      bytes += stats.size;
      if (stats.isFile()) {
        const md5 = createHash('md5').update(readFileSync(file)).digest('hex');
        sums.push(`${md5}  ${relative(root, file)}`);
      }
    }
    const control = join(root, 'DEBIAN');
    mkdirSync(control);
    writeFileSync(join(control, 'control'), controlText(spec, Math.ceil(bytes / 1024)));
    writeFileSync(join(control, 'md5sums'), `${sums.join('\n')}\n`);
    for (const [option, script] of [
      ['after-install', 'postinst'],
      ['after-remove', 'postrm'],
    ]) {
      if (!spec.options[option]) continue;
      cpSync(spec.options[option], join(control, script));
      chmodSync(join(control, script), 0o755);
    }
    // Folders as a package installs them: readable by everyone, whatever the build's umask.
    for (const dir of [root, ...foldersUnder(root)]) chmodSync(dir, 0o755);
    const compression = COMPRESSION[spec.options['deb-compression'] ?? 'xz'];
    if (!compression) throw new Error(`deb compression ${spec.options['deb-compression']} is not supported`);
    const output = spec.options.package;
    rmSync(output, { force: true });
    mkdirSync(dirname(output), { recursive: true });
    const result = spawnSync('dpkg-deb', ['--root-owner-group', `-Z${compression}`, '--build', root, output], {
      encoding: 'utf8',
    });
    if (result.error) throw new Error(`dpkg-deb could not run (${result.error.message}): install Debian's dpkg`);
    if (result.status !== 0) throw new Error(`dpkg-deb failed: ${result.stderr.trim()}`);
    return output;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function* foldersUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = join(dir, entry.name);
    yield folder;
    yield* foldersUnder(folder);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const output = buildDeb(process.argv.slice(2));
    console.log(`Created package {:path=>"${output}"}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
