// The "before" side of the cache benchmark (cache.bench.ts): the sources of an older commit taken from git,
// its cache-main.ts and cache worker bundled as this checkout's are, and made to pause and time its searches
// as this one does.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { NODE_BUNDLE } from '../../electron.vite.config';
import { BUILT_WORKER_FILE } from '../../src-main/cache/threads/worker-location';
import { SETTLE_CALL, SETTLE_MARKER } from './settle';

/** The last commit whose customer cache stored records in plain form. */
export const BEFORE_SEALING = '9116159527b62dce8c7926966168209649a41d1d';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The sources of `ref` (what the cache's main process and worker are built from) in a folder of their own,
 * with this checkout's node_modules.
 */
function sourcesAt(ref: string): string {
  const root = mkdtempSync(join(tmpdir(), 'card-desk-cache-bench-before-'));
  // The bench imports the test keys from test/support, older commits' from test/tools, the oldest from neither.
  const rigs = ['test/support', 'test/tools'].filter(
    (folder) => spawnSync('git', ['-C', REPO, 'cat-file', '-e', `${ref}:${folder}`]).status === 0,
  );
  const tar = execFileSync(
    'git',
    ['-C', REPO, 'archive', '--format=tar', ref, 'src-main', 'src-shared', 'test/bench', ...rigs],
    {
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  execFileSync('tar', ['-x', '-C', root], { input: tar });
  measureAlike(root);
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/** The cache worker's entry in the sources at `root`: in threads/ since the cache folder was split by job. */
function workerEntryIn(root: string): string {
  const split = join(root, 'src-main/cache/threads/worker.ts');
  return existsSync(split) ? split : join(root, 'src-main/cache/worker.ts');
}

/**
 * The built files are ES modules by their folder's package.json, as the app's are by its own: without one,
 * Node first reads each file as CommonJS, then again as a module, and the first copy of the source (a few
 * MB) is freed later, which moves glibc's mmap threshold up for the life of the process.
 */
export function asModules(folder: string): void {
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ type: 'module' }));
}

/** cache-main.ts and the cache worker of the sources in `root`, bundled into `folder` as buildProcesses does. */
async function buildMainFrom(root: string, folder: string): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const main = join(folder, 'cache-main.js');
  await build({
    ...NODE_BUNDLE,
    entryPoints: [workerEntryIn(root)],
    outfile: join(folder, BUILT_WORKER_FILE),
  });
  await build({ ...NODE_BUNDLE, entryPoints: [join(root, 'test/bench/cache-main.ts')], outfile: main });
  asModules(folder);
  return main;
}

/**
 * Has the older cache-main.ts under `root` settle after its sync as this one does (settle.ts): copies
 * settle.ts beside it and calls it at SETTLE_MARKER. Throws when the marker is not there.
 */
function pauseAlike(root: string, text: string): string {
  if (text.includes(SETTLE_CALL) || text.includes("from './settle'")) return text;
  if (!text.includes(SETTLE_MARKER)) throw new Error(`its cache-main.ts has no line "${SETTLE_MARKER}" to settle at`);
  besideIn(root, 'settle.ts');
  return text.replace(SETTLE_MARKER, `${SETTLE_CALL}\n${SETTLE_MARKER}`);
}

/** An older cache-main.ts's pass in the cache, with RSS sampled: `const <name> = await <timer>(queries, <search>, sampleRss);`. */
const ONE_PASS = /^const (direct|directTimed) = await (timeQueries|timeEachQuery)\((queries, .+, sampleRss)\);$/m;

/** An older cache-main.ts's pass through the dispatcher, with RSS sampled (its last argument). */
const ONE_HANDLER_PASS = /^const viaHandler = await timeQueries\(\n((?:.*\n)*?) {2}sampleRss,\n\);$/m;

/**
 * Has the older cache-main.ts under `root` time each search as the median of passes, as this one does
 * (query-timing.ts, typicalOf): this query-timing.ts in place of its own (which it extends), and its one
 * pass in the cache and one through the dispatcher each made TYPICAL_OF_PASSES. RSS is sampled in the first
 * pass in the cache only: its passes through the dispatcher come after the five in the cache, thousands of
 * searches in a row (cache-main.ts samples only the passes right after the settle). This one's take turns.
 * Throws when it does not time its searches in a way known here.
 */
function timeAlike(root: string, text: string): string {
  if (text.includes('typicalOf(') || text.includes('typicalEachQuery(')) return text;
  if (!ONE_PASS.test(text) || !ONE_HANDLER_PASS.test(text)) {
    throw new Error('its cache-main.ts times its searches in a way this bench does not know');
  }
  besideIn(root, 'query-timing.ts');
  const timing = "(await import('./query-timing'))";
  return text
    .replace(ONE_PASS, (_, name: string, timer: string, args: string) => {
      const typical = timer === 'timeQueries' ? 'typicalTimes' : 'typicalEachQuery';
      return `const ${name} = await ${timing}.${typical}(${args});`;
    })
    .replace(ONE_HANDLER_PASS, (_, args: string) => `const viaHandler = await ${timing}.typicalTimes(\n${args});`);
}

/** This folder's `name` copied into the older sources' test/bench. */
function besideIn(root: string, name: string): void {
  copyFileSync(fileURLToPath(new URL(`./${name}`, import.meta.url)), join(root, 'test/bench', name));
}

/** The older cache-main.ts under `root`, made to settle and time its searches as this one does. */
function measureAlike(root: string): void {
  const main = join(root, 'test/bench/cache-main.ts');
  writeFileSync(main, timeAlike(root, pauseAlike(root, readFileSync(main, 'utf8'))));
}

/** The cache of `ref` built (see the top of cache.bench.ts) in a folder to delete after; null when its sources cannot be had. */
export async function builtBefore(
  ref: string,
  print: (line: string) => void,
): Promise<{ main: string; root: string } | null> {
  try {
    const root = sourcesAt(ref);
    return { main: await buildMainFrom(root, join(root, 'built')), root };
  } catch (e) {
    print(`before: not measured (the sources of ${ref} could not be read from git or built: ${String(e)})`);
    return null;
  }
}
